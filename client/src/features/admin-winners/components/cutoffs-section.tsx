import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { useCutoffs, useSaveCutoff } from '../api/use-winners';
import { NotifyQualifiersDialog } from './notify-qualifiers-dialog';

/** Per grade: how many toppers of this phase may take the next one; and telling them by e-mail. */
export function CutoffsSection({ phaseId, canUpdate }: { phaseId: string; canUpdate: boolean }) {
  const cutoffs = useCutoffs(phaseId);
  const save = useSaveCutoff();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const data = cutoffs.data;

  return (
    <section className="stack" aria-labelledby={headingId} data-testid="cutoffs">
      <h3 id={headingId}>Moving on{data?.nextPhase ? ` to ${data.nextPhase.name}` : ''}</h3>
      {cutoffs.isPending ? <LoadingBlock label="Loading cut-offs…" /> : null}
      {cutoffs.isError ? <Alert tone="error">The cut-offs could not be loaded.</Alert> : null}
      {data !== undefined && data.options.length === 0 ? (
        <p className="muted">{data.phase.name} is the last phase: it carries nobody forward.</p>
      ) : null}
      {data !== undefined && data.options.length > 0 ? (
        <>
          <p className="muted">
            The top of each grade in {data.phase.name} may take {data.nextPhase?.name ?? 'the next phase'}.
          </p>
          <ul className="tile-grid winners-cutoffs">
            {data.grades.map((g) => (
              <li key={g.gradeId}>
                <SelectField
                  label={g.title}
                  value={String(g.topN ?? '')}
                  hint={g.isDefault ? 'Default' : undefined}
                  disabled={!canUpdate || save.isPending}
                  onChange={(event) =>
                    save.mutate({ phaseId, gradeId: g.gradeId, topN: Number(event.target.value) })
                  }
                  data-testid="cutoff-select"
                >
                  {data.options.map((n) => (
                    <option key={n} value={n}>
                      Top {n}
                    </option>
                  ))}
                </SelectField>
              </li>
            ))}
          </ul>
          {canUpdate && data.nextPhase !== null ? (
            <div>
              <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="notify-qualifiers">
                E-mail qualifiers
              </Button>
              <p className="field__hint">
                Once {data.phase.name} is over. Each qualifier is e-mailed once, however often this is
                pressed.
              </p>
              {confirming ? (
                <NotifyQualifiersDialog
                  phaseId={phaseId}
                  phaseName={data.phase.name}
                  onClose={() => setConfirming(false)}
                />
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
