import type { QuestionImportPreview, QuestionImportResult } from '@riyazi/api/contracts';
import { saveBlob } from '../../../shared/files/save-blob';
import type { TemplateFormat } from '../../../shared/files/template-buttons';
import { type OnProgress, sendFile } from '../../../shared/files/upload-with-progress';
import { adminHttp } from '../../../shared/http/clients';

export async function downloadTemplate(format: TemplateFormat): Promise<void> {
  const blob = await adminHttp.get<Blob>('/question/import/template', {
    query: { format },
    responseType: 'blob',
  });
  saveBlob(blob, `questions-template.${format}`);
}

export const previewImport = (file: File, onProgress: OnProgress) =>
  sendFile<QuestionImportPreview>('/question/import/preview', file, onProgress);

export const commitImport = (file: File, onProgress: OnProgress) =>
  sendFile<QuestionImportResult>('/question/import/commit', file, onProgress);
