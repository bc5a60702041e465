import { useSearchParams } from 'react-router-dom';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { usePhaseChoices, useScriptActions } from '../api/script-admin-api';
import { ScriptActionCard } from './script-action-card';
import './script-admin.css';

/** Issue #19: safe, repeatable maintenance actions for Super Admins, each with a dry run. */
export function ScriptAdminPage() {
  const [search] = useSearchParams();
  const prefill = Object.fromEntries(search);
  const actions = useScriptActions();
  const needsPhases = (actions.data?.data ?? []).some((a) => a.params.some((p) => p.kind === 'phase'));
  const phases = usePhaseChoices(needsPhases);
  return (
    <>
      <PageHeading title="Script admin" />
      <p className="muted">
        Each action is safe to run again: a second run changes nothing. A dry run says what would change
        without changing it. Every run asks for your password and is written to the audit log.
      </p>
      <ListStatus
        query={actions}
        loading="Loading the actions…"
        error="The actions could not be loaded."
        empty="No maintenance actions."
        emptyTestId="script-admin-empty"
      />
      <div className="script-admin">
        {(actions.data?.data ?? []).map((action) => (
          <ScriptActionCard key={action.name} action={action} phases={phases.data ?? []} prefill={prefill} />
        ))}
      </div>
    </>
  );
}
