import {
  BOOLEAN_FLAGS,
  CONTEST_STAGE_LABELS,
  FLAG_LABELS,
  PHASE_FLAGS,
  type PhaseFlag,
} from '@riyazi/api/contracts';
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

/** The contest phase's hint also says what its contest is doing, when students cannot start it. */
function phaseFlagHint(key: PhaseFlag, value: string, phases: PhaseOption[]): string {
  const help = FLAG_LABELS[key].help;
  const phase = key === 'contestQuizPhase' ? phases.find((p) => p._id === value) : undefined;
  if (phase === undefined || phase.contestStage === 'OPEN') {
    return help;
  }
  const state =
    phase.contestStage === 'SCHEDULED'
      ? 'has not opened yet: students cannot start it'
      : `has ended (${CONTEST_STAGE_LABELS[phase.contestStage]}): students cannot start it and are told so`;
  return `${help} Its contest ${state}. End, open or release contests on the Phases page.`;
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
            hint={phasesLoading ? 'Loading phases…' : phaseFlagHint(key, draft[key], phases)}
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
