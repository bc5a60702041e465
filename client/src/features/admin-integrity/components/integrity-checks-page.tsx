import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useCan } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { useIntegritySettings } from '../api/integrity-checks-api';
import { PhaseChecks } from './phase-checks';
import { ThresholdsForm } from './thresholds-form';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './integrity.css';

/** Integrity checks: check a whole phase, and how strict each signal is. */
export function IntegrityChecksPage() {
  const can = useCan('integrity');
  const settings = useIntegritySettings();
  if (can === null) {
    return null;
  }
  const readOnly = !can('update');
  return (
    <div className="stack">
      <PageHeading title="Integrity checks">
        Each finished contest play is checked on its own a minute after it ends. Copied answers need a whole
        phase compared: check a phase when it closes, then review what was found in the{' '}
        <Link to={adminPagePath('integrity')}>integrity review</Link>.
      </PageHeading>
      <Card className="stack" aria-labelledby="ic-phases-title">
        <h2 id="ic-phases-title" className="ic-title">
          Check a phase
        </h2>
        <PhaseChecks canRun={!readOnly} />
      </Card>
      <Card className="stack" aria-labelledby="ic-thresholds-title">
        <h2 id="ic-thresholds-title" className="ic-title">
          Thresholds
        </h2>
        <p className="muted">
          Stricter thresholds flag fewer plays. The defaults flag none of 1,000 simulated honest children and
          catch each planted copy, too-fast play, script and shared tablet. Changes apply to the next check.
        </p>
        {settings.isPending ? <p className="muted">Loading the thresholds…</p> : null}
        {settings.isError ? (
          <Alert tone="error">The thresholds could not be loaded: {describeError(settings.error)}</Alert>
        ) : null}
        {settings.data ? (
          <ThresholdsForm key={settings.data.updatedAt} settings={settings.data} readOnly={readOnly} />
        ) : null}
      </Card>
    </div>
  );
}
