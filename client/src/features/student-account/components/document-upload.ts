import { ACCEPTED_DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../api/account-api';

/** Checked before uploading, to spare a slow phone connection; the api checks again by content. */
export function documentProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) {
    return 'The file is larger than 5 MB. Please choose a smaller photo or PDF.';
  }
  if (file.type !== '' && !ACCEPTED_DOCUMENT_TYPES.includes(file.type)) {
    return 'Please choose a photo (JPEG, PNG or WebP) or a PDF.';
  }
  if (file.size === 0) {
    return 'This file is empty.';
  }
  return null;
}
