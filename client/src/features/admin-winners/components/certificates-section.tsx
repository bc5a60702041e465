import type { CertificateRun } from '@riyazi/api/contracts';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { isJobFinished } from '../../../shared/jobs/use-job-progress';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { useCertificateRun, useStartCertificateRun } from '../api/use-certificate-run';

interface CertificatesSectionProps {
  phaseId: string;
  phaseName: string;
  /** phase:update: may start a run; phase:read alone sees the last run. */
  canRun: boolean;
}

function RunProgress({ run }: { run: CertificateRun }) {
  const total = run.totalRows;
  return (
    <div className="stack certificates-run__progress">
      <JobProgressBar progress={run.progress} label="Certificate progress" testId="certificates-progress" />
      <p className="muted" aria-live="polite" data-testid="certificates-progress-count">
        {run.status === 'QUEUED'
          ? 'Queued: it starts as soon as a worker is free.'
          : total === null
            ? 'Working out who earns which certificate…'
            : `${run.processedRows} of ${total} certificates drawn (English and Urdu PDFs)`}
      </p>
    </div>
  );
}

function RunResult({ run }: { run: CertificateRun }) {
  const finished = run.finishedAt === null ? '' : ` on ${formatDateTime(run.finishedAt)}`;
  if (run.status === 'FAILED' || run.status === 'CANCELLED') {
    return (
      <Alert tone="error" data-testid="certificates-failed">
        <p>
          The last run {run.status === 'FAILED' ? 'failed' : 'was cancelled'}
          {finished}
          {run.error ? `: ${run.error}` : '.'}
        </p>
        <p>
          Certificates made before the failure are kept and their e-mails went once; starting again makes only
          what is missing.
        </p>
      </Alert>
    );
  }
  return (
    <div className="stack" data-testid="certificates-result">
      <p>Last run finished{finished}.</p>
      {run.issued !== null ? (
        <ul className="certificates-run__counts">
          <li>
            <strong data-testid="certificates-issued">{run.issued}</strong> issued
          </li>
          <li>
            <strong data-testid="certificates-emailed">{run.emailed ?? '—'}</strong> e-mailed
          </li>
          <li>
            <strong data-testid="certificates-already">{run.alreadyIssued ?? '—'}</strong> already issued
            before
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** The phase's certificates: start the phase-wide run, watch it, and read how it went. */
export function CertificatesSection({ phaseId, phaseName, canRun }: CertificatesSectionProps) {
  const { run, failedToLoad } = useCertificateRun(phaseId);
  const start = useStartCertificateRun(phaseId);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const running = run !== null && run !== undefined && !isJobFinished(run);

  return (
    <section className="stack certificates-run" aria-labelledby={headingId} data-testid="certificates">
      <h3 id={headingId}>Certificates</h3>
      <p className="muted">
        PDF certificates in English and Urdu for {phaseName}, which students download from their dashboard and
        anyone can check by the code printed on them.
      </p>
      {run === undefined && !failedToLoad ? <LoadingBlock label="Loading the last run…" /> : null}
      {failedToLoad ? <Alert tone="error">The last certificate run could not be loaded.</Alert> : null}
      {run === null ? (
        <p className="muted" data-testid="certificates-none">
          No certificates have been issued for this phase yet.
        </p>
      ) : null}
      {running ? <RunProgress run={run} /> : null}
      {run && !running ? <RunResult run={run} /> : null}
      {canRun ? (
        <div>
          <Button
            variant="secondary"
            disabled={running || start.isPending}
            onClick={() => {
              start.reset();
              setConfirming(true);
            }}
            data-testid="certificates-start"
          >
            {running ? 'Issuing certificates…' : 'Issue certificates'}
          </Button>
          <p className="field__hint">Safe to run again: it only adds what is missing.</p>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Issue certificates"
          confirmLabel="Issue certificates"
          pending={start.isPending}
          error={start.isError ? describeError(start.error) : null}
          onConfirm={() => start.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>
            Issue the certificates of {phaseName}? Every student with a finished contest play in it that was
            not disqualified gets one:
          </p>
          <ul className="certificates-run__kinds">
            <li>
              <strong>Winner</strong> (with their position) for the phase's winners,
            </li>
            <li>
              <strong>Qualifier</strong> (with their rank) for those who qualified for the next phase,
            </li>
            <li>
              <strong>Participant</strong> for everyone else.
            </li>
          </ul>
          <p>
            Each is drawn in English and Urdu and e-mailed to the student once; running it again issues only
            what is missing (a higher certificate earned since, say) and e-mails nobody twice.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
