import { useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { downloadTemplate, type TemplateFormat } from '../api/question-import-api';

export function TemplateButtons() {
  const [pending, setPending] = useState<TemplateFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: TemplateFormat) => {
    setPending(format);
    setError(null);
    try {
      await downloadTemplate(format);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setPending(null);
    }
  };
  return (
    <div className="stack">
      <div className="qi-actions">
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            small
            disabled={pending !== null}
            onClick={() => void download(format)}
            data-testid={`import-template-${format}`}
          >
            {pending === format ? 'Preparing…' : `Template (${format.toUpperCase()})`}
          </Button>
        ))}
      </div>
      {error !== null ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
