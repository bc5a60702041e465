import { REVIEW_STATES, SIGNAL_KINDS } from '@riyazi/api/contracts';
import { choiceField, defineListSchema, idField } from '../../../shared/admin-list';

/** The review queue's URL: ?phaseId&gradeId&kind&decision&page&itemsPerPage. */
export const QUEUE_LIST = defineListSchema({
  phaseId: idField,
  gradeId: idField,
  kind: choiceField(SIGNAL_KINDS),
  decision: choiceField(REVIEW_STATES),
});
