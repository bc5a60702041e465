import { BOOLEAN_FLAGS, FLAG_LABELS, PHASE_FLAGS } from '@riyazi/api/contracts';
import { SelectField, Switch } from '../../../shared/ui/field';
import type { PhaseOption } from '../api/config-api';
import { type FlagDraft, phaseChoices } from './flag-draft';

interface FlagFieldsProps {
  draft: FlagDraft;
  phases: PhaseOption[];
  phasesLoading: boolean;
  readOnly: boolean;
  onChange: (draft: FlagDraft) => void;
}

export function FlagFields({ draft, phases, phasesLoading, readOnly, onChange }: FlagFieldsProps) {
  return (
    <>
      <fieldset className="flag-list">
        <legend>Features</legend>
        {BOOLEAN_FLAGS.map((key) => (
          <Switch
            key={key}
            label={FLAG_LABELS[key].label}
            hint={FLAG_LABELS[key].help}
            checked={draft[key]}
            disabled={readOnly}
            onCheckedChange={(checked) => onChange({ ...draft, [key]: checked })}
            data-testid={`flag-${key}`}
          />
        ))}
      </fieldset>
      <fieldset className="flag-list">
        <legend>Phases</legend>
        {PHASE_FLAGS.map((key) => (
          <SelectField
            key={key}
            label={FLAG_LABELS[key].label}
            hint={phasesLoading ? 'Loading phases…' : FLAG_LABELS[key].help}
            value={draft[key]}
            disabled={readOnly}
            onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
            data-testid={`flag-${key}`}
          >
            {phaseChoices(phases, draft[key]).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        ))}
      </fieldset>
    </>
  );
}
