import { translate } from '../../../shared/i18n';
import { ACCEPTED_DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../api/account-api';

/** Checked before uploading, to spare a slow phone connection; the api checks again by content. */
export function documentProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) {
    return translate('account.document.tooLarge');
  }
  if (file.type !== '' && !ACCEPTED_DOCUMENT_TYPES.includes(file.type)) {
    return translate('account.document.wrongType');
  }
  if (file.size === 0) {
    return translate('account.document.empty');
  }
  return null;
}
