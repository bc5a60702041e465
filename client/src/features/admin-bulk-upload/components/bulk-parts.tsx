import { useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import {
  type BulkUploadRun,
  downloadResult,
  downloadTemplate,
  type TemplateFormat,
} from '../api/bulk-upload-api';

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const STATUS_LABELS: Record<BulkUploadRun['status'], string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Done',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export function StatusBadge({ status }: { status: BulkUploadRun['status'] }) {
  return (
    <span className={`bu-badge bu-badge--${status.toLowerCase()}`} data-testid="bulk-status">
      {STATUS_LABELS[status]}
    </span>
  );
}

export function RunProgress({ progress, label }: { progress: number; label: string }) {
  return (
    <div className="bu-progress" data-testid="bulk-progress">
      <div
        className="bu-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <span className="bu-progress__percent">{progress}%</span>
    </div>
  );
}

/** Runs a download and shows its failure beside the button that started it. */
function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<void>) => {
    setPending(key);
    setError(null);
    try {
      await download();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setPending(null);
    }
  };
  return { pending, error, run };
}

export function TemplateButtons() {
  const { pending, error, run } = useDownload();
  return (
    <div className="stack">
      <div className="bu-actions">
        {(['xlsx', 'csv'] as TemplateFormat[]).map((format) => (
          <Button
            key={format}
            variant="secondary"
            small
            disabled={pending !== null}
            onClick={() => void run(format, () => downloadTemplate(format))}
            data-testid={`bulk-template-${format}`}
          >
            {pending === format ? 'Preparing…' : `Template (${format.toUpperCase()})`}
          </Button>
        ))}
      </div>
      {error !== null ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export function ResultButton({ run: target, small }: { run: BulkUploadRun; small?: boolean }) {
  const { pending, error, run } = useDownload();
  return (
    <span className="bu-result">
      <Button
        variant="secondary"
        small={small}
        disabled={pending !== null}
        onClick={() => void run('result', () => downloadResult(target))}
        data-testid="bulk-result"
      >
        {pending ? 'Preparing…' : 'Result CSV'}
      </Button>
      {error !== null ? (
        <span role="alert" className="bu-bad">
          {error}
        </span>
      ) : null}
    </span>
  );
}
