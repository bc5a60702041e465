import { hasPermission } from '@riyazi/api/contracts';
import { useId, useState } from 'react';
import { useAdminAuth } from '../../../shared/session/use-session';
import { RecordOptions, SelectField } from '../../../shared/ui/field';
import { Card } from '../../../shared/ui/surface';
import { usePhaseOptions } from '../api/use-winners';
import { canPromote } from './can-promote';
import { CertificatesSection } from './certificates-section';
import { CutoffsSection } from './cutoffs-section';
import { WinnersSection } from './winners-section';
import './winners.css';

/** On the phases page: each phase's winners, how many toppers it carries to the next phase, and its certificates. */
export function PhaseWinnersPanel() {
  const auth = useAdminAuth();
  const phases = usePhaseOptions();
  const [chosen, setChosen] = useState('');
  const headingId = useId();
  if (auth === null) {
    return null;
  }
  const options = phases.data ?? [];
  const fallback = options.find((p) => p.status === 'ACTIVE') ?? options[0];
  const phase = options.find((p) => p._id === chosen) ?? fallback;
  const phaseId = phase?._id ?? '';
  const may = (module: 'student' | 'phase', action: 'read' | 'update') =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module, action });

  return (
    <Card className="stack winners-panel" aria-labelledby={headingId} data-testid="winners-panel">
      <header className="stack winners-panel__header">
        <h2 id={headingId}>Winners, qualifiers and certificates</h2>
        <p className="muted">
          Each phase's winners per grade, how many of a grade's toppers move on to the next phase, and the
          phase's certificates.
        </p>
      </header>
      {phases.isSuccess && options.length === 0 ? (
        <p className="muted">Add a phase first.</p>
      ) : (
        <SelectField
          className="winners-panel__phase"
          label="Phase"
          value={phaseId}
          disabled={options.length === 0}
          onChange={(event) => setChosen(event.target.value)}
          data-testid="winners-phase"
        >
          <RecordOptions items={options} label={(p) => p.name} />
        </SelectField>
      )}
      {phase !== undefined && may('student', 'read') ? (
        <WinnersSection phase={phase} mayChange={canPromote(auth, true)} />
      ) : null}
      {phaseId !== '' ? <CutoffsSection phaseId={phaseId} canUpdate={may('phase', 'update')} /> : null}
      {phase !== undefined ? (
        <CertificatesSection phaseId={phase._id} phaseName={phase.name} canRun={may('phase', 'update')} />
      ) : null}
    </Card>
  );
}
