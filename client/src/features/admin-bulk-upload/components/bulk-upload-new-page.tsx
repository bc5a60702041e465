import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPagePath } from '../../../config/paths';
import { FileDrop } from '../../../shared/files/file-drop';
import { describeError } from '../../../shared/http/http-error';
import { isJobFinished } from '../../../shared/jobs/use-job-progress';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { type BulkUploadPreview, bulkUploadKeys, confirmUpload, previewUpload } from '../api/bulk-upload-api';
import { useBulkRun } from '../api/use-bulk-upload';
import { plural, ResultButton, RunProgress, StatusBadge, TemplateButtons } from './bulk-parts';
import { PreviewTable } from './preview-table';
import './bulk-upload.css';

const MAX_BYTES = 5 * 1024 * 1024;

function RunPanel({ runId }: { runId: string }) {
  const run = useBulkRun(runId);
  if (!run) {
    return <RunProgress progress={0} label="Upload progress" />;
  }
  return (
    <div className="stack" data-testid="bulk-run-panel">
      <p className="bu-status">
        <StatusBadge status={run.status} /> <strong>{run.fileName}</strong>
      </p>
      {!isJobFinished(run) ? <RunProgress progress={run.progress} label="Upload progress" /> : null}
      {run.status === 'SUCCEEDED' ? (
        <Alert tone="success" data-testid="bulk-done">
          <p>
            {plural(run.created, 'student created', 'students created')},{' '}
            {run.skipped.toLocaleString('en-US')} already registered, {run.invalid.toLocaleString('en-US')}{' '}
            invalid.
          </p>
        </Alert>
      ) : null}
      {run.status === 'FAILED' ? (
        <Alert tone="error">
          The upload stopped: {run.error ?? 'unknown error'}. Students created so far are kept.
        </Alert>
      ) : null}
      <div className="bu-actions">
        {run.status === 'SUCCEEDED' ? <ResultButton run={run} /> : null}
        <ButtonLink variant="ghost" to={adminPagePath('bulkUpload')}>
          All uploads
        </ButtonLink>
      </div>
    </div>
  );
}

/** Template, file, per-row preview, options, then the run's live progress and result. */
export function BulkUploadNewPage() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BulkUploadPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'confirm' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [autoEmailVerified, setAutoEmailVerified] = useState(true);
  const [sendWelcome, setSendWelcome] = useState(true);
  const [runId, setRunId] = useState<string | null>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) {
      return;
    }
    setFile(chosen);
    setPreview(null);
    setError(null);
    if (chosen.size > MAX_BYTES) {
      setError('The file is larger than 5 MB: split it into smaller files.');
      return;
    }
    setBusy('preview');
    try {
      setPreview(await previewUpload(chosen));
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!preview) {
      return;
    }
    setBusy('confirm');
    setError(null);
    try {
      const run = await confirmUpload({ uploadId: preview.uploadId, autoEmailVerified, sendWelcome });
      queryClient.setQueryData(bulkUploadKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: bulkUploadKeys.lists });
      setRunId(run.id);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  };

  const toCreate = preview === null ? 0 : preview.valid;
  return (
    <div className="stack">
      <PageHeading title="New bulk upload">
        Register many students at once. Check the file first: nothing is created until you confirm.
      </PageHeading>

      <Card className="stack" aria-label="Template">
        <h2 className="card__title">1. Fill in the template</h2>
        <p className="muted">
          One student per row. fullName, email and grade (e.g. <code>Grade 3</code>) are required; phone is a
          mobile number like <code>03001234567</code>, city one from the sign-up list, batchId is shown as
          Batch Id. Replace the template&apos;s example row (Example Student) with your own students.
        </p>
        <TemplateButtons />
      </Card>

      <Card className="stack" aria-label="Upload">
        <h2 className="card__title">2. Choose the file</h2>
        <FileDrop
          hasFile={file !== null}
          busy={busy !== null || runId !== null}
          hint="at most 5 MB and 20,000 students"
          onFile={(chosen) => void choose(chosen)}
          testId="bulk-file"
        />
        {file !== null ? (
          <p className="bu-file">
            <strong>{file.name}</strong>
          </p>
        ) : null}
        {busy === 'preview' ? <p aria-live="polite">Checking every row…</p> : null}
        {error !== null && preview === null ? (
          <Alert tone="error" data-testid="bulk-error">
            {error}
          </Alert>
        ) : null}
      </Card>

      {preview !== null ? (
        <Card className="stack" aria-label="Preview">
          <h2 className="card__title">3. Review and confirm</h2>
          <p data-testid="bulk-counts">
            <strong>{plural(preview.total, 'row', 'rows')}</strong>:{' '}
            <span className="bu-ok">{preview.valid.toLocaleString('en-US')} to create</span>,{' '}
            <span className={preview.invalid > 0 ? 'bu-bad' : undefined}>
              {preview.invalid.toLocaleString('en-US')} with errors
            </span>
            , <span>{preview.alreadyRegistered.toLocaleString('en-US')} already registered</span>
          </p>
          {preview.invalid > 0 ? (
            <Alert tone="warning">
              Rows with errors are left out. Fix them in the spreadsheet and upload them again later, or go on
              with the others.
            </Alert>
          ) : null}
          {runId === null ? (
            <>
              <div className="stack bu-options">
                <Switch
                  label="Verify e-mails: the school vouches for these addresses"
                  hint="Accounts start with a verified e-mail address."
                  checked={autoEmailVerified}
                  onCheckedChange={setAutoEmailVerified}
                  data-testid="bulk-verify"
                />
                <Switch
                  label="Send welcome e-mails"
                  hint="Each new student gets a link to set a password (valid for 7 days)."
                  checked={sendWelcome}
                  onCheckedChange={setSendWelcome}
                  data-testid="bulk-welcome"
                />
              </div>
              {error !== null ? <Alert tone="error">{error}</Alert> : null}
              <div className="bu-actions">
                <Button
                  disabled={toCreate === 0 || busy !== null}
                  onClick={() => void confirm()}
                  data-testid="bulk-confirm"
                >
                  {busy === 'confirm' ? 'Starting…' : `Create ${plural(toCreate, 'student', 'students')}`}
                </Button>
                <ButtonLink variant="ghost" to={adminPagePath('bulkUpload')}>
                  Cancel
                </ButtonLink>
              </div>
            </>
          ) : (
            <RunPanel runId={runId} />
          )}
          <PreviewTable preview={preview} />
        </Card>
      ) : null}
    </div>
  );
}
