import { TemplateButtons as SharedTemplateButtons } from '../../../shared/files/template-buttons';
import { useDownload } from '../../../shared/files/use-download';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { Button } from '../../../shared/ui/button';
import { type BulkUploadRun, downloadResult, downloadTemplate } from '../api/bulk-upload-api';

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

export const RunProgress = ({ progress, label }: { progress: number; label: string }) => (
  <div className="bu-progress">
    <JobProgressBar progress={progress} label={label} testId="bulk-progress" />
  </div>
);

export const TemplateButtons = () => (
  <SharedTemplateButtons
    download={downloadTemplate}
    actionsClassName="bu-actions"
    testIdPrefix="bulk-template"
  />
);

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
