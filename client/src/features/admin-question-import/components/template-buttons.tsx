import { TemplateButtons as SharedTemplateButtons } from '../../../shared/files/template-buttons';
import { downloadTemplate } from '../api/question-import-api';

export const TemplateButtons = () => (
  <SharedTemplateButtons
    download={downloadTemplate}
    actionsClassName="qi-actions"
    testIdPrefix="import-template"
  />
);
