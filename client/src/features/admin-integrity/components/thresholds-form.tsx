import type { IntegritySettingsDto } from '@riyazi/api/contracts';
import { THRESHOLD_GROUPS } from '@riyazi/api/contracts';
import { fieldMessage } from '../../../shared/forms/form-errors';
import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { useSettingsForm } from '../../../shared/forms/use-settings-form';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { useSaveIntegritySettings } from '../api/integrity-checks-api';
import {
  changedFromDefaults,
  defaultOf,
  draftProblems,
  FIELD_TEXT,
  GROUP_FIELDS,
  GROUP_TEXT,
  limitOf,
  THRESHOLD_FIELDS,
  type ThresholdField,
  toDraft,
  toOverrides,
} from './thresholds-draft';

const figure = (n: number) => n.toLocaleString('en-PK', { maximumFractionDigits: 6 });

const rangeText = (field: ThresholdField) => {
  const limit = limitOf(field);
  return limit
    ? `${limit.integer ? 'A whole number' : 'A number'} from ${figure(limit.min)} to ${figure(limit.max)}.`
    : '';
};

/** The detectors' thresholds: integrity:update edits and saves them, integrity:read sees them. */
export function ThresholdsForm({
  settings,
  readOnly,
}: {
  settings: IntegritySettingsDto;
  readOnly: boolean;
}) {
  const save = useSaveIntegritySettings();
  const { formRef, draft, saved, problems, disabled, change, onSubmit, footer } = useSettingsForm({
    initial: () => toDraft(settings.thresholds),
    fields: THRESHOLD_FIELDS,
    readOnly,
    save,
    validate: draftProblems,
    toBody: (draft) => toOverrides(draft, settings.defaults),
  });
  const changed = changedFromDefaults(draft, settings.defaults);

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      <p className="muted" data-testid="ic-changed">
        {changed === 0
          ? 'Every threshold is at its default.'
          : `${changed} ${changed === 1 ? 'threshold differs' : 'thresholds differ'} from the defaults.`}
        {readOnly ? ' You can read these; changing them needs integrity update permission.' : ''}
      </p>
      {THRESHOLD_GROUPS.map((group) => (
        <fieldset key={group} className="ic-group" disabled={disabled} data-testid={`ic-group-${group}`}>
          <legend className="ic-group__legend">{GROUP_TEXT[group].title}</legend>
          <p className="muted ic-group__intro">{GROUP_TEXT[group].intro}</p>
          <div className="ic-fields">
            {GROUP_FIELDS[group].map((field) => {
              const text = FIELD_TEXT[field];
              const byDefault = defaultOf(settings.defaults, field);
              const problem = problems[field];
              return (
                <TextField
                  key={field}
                  name={field}
                  inputMode="decimal"
                  autoComplete="off"
                  label={text.unit ? `${text.label} (${text.unit})` : text.label}
                  value={draft[field]}
                  hint={`${text.hint} Default ${figure(byDefault)}${text.unit ? ` ${text.unit}` : ''}. ${rangeText(field)}`}
                  error={problem === undefined ? null : fieldMessage(text.label, problem)}
                  onChange={(event) => change(field, event.target.value)}
                  data-testid={`ic-field-${field}`}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      {readOnly ? null : (
        <div>
          <Button
            small
            variant="ghost"
            disabled={disabled || changed === 0}
            onClick={() => {
              for (const field of THRESHOLD_FIELDS) {
                change(field, String(defaultOf(settings.defaults, field)));
              }
            }}
            data-testid="ic-defaults"
          >
            Put back every default
          </Button>
        </div>
      )}
      <SettingsFormFooter
        {...footer}
        updatedAt={settings.updatedAt.startsWith('1970-') ? null : settings.updatedAt}
        testId="ic-save"
        unsaved={{ message: 'Your changes to the integrity thresholds have not been saved.', saved }}
      />
    </form>
  );
}
