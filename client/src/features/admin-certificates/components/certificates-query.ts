import { CERTIFICATE_STATUSES } from '@riyazi/api/contracts';
import { choiceField, defineListSchema, idField, textField } from '../../../shared/admin-list';

/** The Certificates page's URL: ?phaseId&status&search&page&itemsPerPage. */
export const CERTIFICATE_LIST = defineListSchema({
  phaseId: idField,
  status: choiceField(CERTIFICATE_STATUSES),
  search: textField(100),
});
