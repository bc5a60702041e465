import { useId } from 'react';
import { LOCAL_INPUT_ZONE_HINT } from '../../../shared/format/local-input';
import { fieldMessage } from '../../../shared/forms/form-errors';
import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { useSettingsForm } from '../../../shared/forms/use-settings-form';
import { Button } from '../../../shared/ui/button';
import { Switch, TextAreaField, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { DisplaySettings } from '../api/boards-api';
import { useSaveDisplaySettings } from '../api/use-boards';
import {
  announcementPreview,
  BODY_MAX,
  DISPLAY_FIELDS,
  DISPLAY_LABELS,
  type DisplayField,
  draftProblems,
  exampleRow,
  NAME_STYLE_OPTIONS,
  TITLE_MAX,
  toDraft,
  toRequestBody,
} from './display-draft';
import { useNow } from './use-clock';

const problemText = (field: DisplayField, problem: string | undefined) =>
  problem === undefined ? null : fieldMessage(DISPLAY_LABELS[field], problem);

interface PublicDisplayFormProps {
  settings: DisplaySettings;
  readOnly: boolean;
}

export function PublicDisplayForm({ settings, readOnly }: PublicDisplayFormProps) {
  const save = useSaveDisplaySettings();
  const { formRef, draft, dirty, saved, problems, disabled, change, onSubmit, footer } = useSettingsForm({
    initial: () => toDraft(settings),
    fields: DISPLAY_FIELDS,
    readOnly,
    save,
    validate: draftProblems,
    toBody: toRequestBody,
  });
  const now = useNow(30_000);
  const styleId = useId();
  const preview = announcementPreview(draft, now);
  const bodyProblem = problemText('announcementBody', problems.announcementBody);
  const styleProblem = problemText('nameStyle', problems.nameStyle);

  return (
    <form
      ref={formRef}
      className="stack display-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={save.isPending}
    >
      <fieldset className="display-form__group" disabled={disabled}>
        <legend className="display-form__legend">Public leaderboards</legend>
        <fieldset
          className="field choice-group"
          aria-invalid={styleProblem ? true : undefined}
          aria-describedby={styleProblem ? `${styleId}-error` : undefined}
          data-testid="display-name-style"
        >
          <legend className="field__label">{DISPLAY_LABELS.nameStyle}</legend>
          <div className="display-styles">
            {NAME_STYLE_OPTIONS.map((option) => (
              <label key={option.value} className="choice">
                <input
                  type="radio"
                  name="nameStyle"
                  value={option.value}
                  checked={draft.nameStyle === option.value}
                  onChange={() => change('nameStyle', option.value)}
                  data-testid={`display-name-style-${option.value}`}
                />
                <span className="display-styles__text">
                  <span>{option.label}</span>
                  {option.hint ? <span className="field__hint">{option.hint}</span> : null}
                </span>
              </label>
            ))}
          </div>
          {styleProblem ? (
            <p className="field__error" id={`${styleId}-error`}>
              {styleProblem}
            </p>
          ) : null}
        </fieldset>
        <div className="display-switches">
          <Switch
            name="showSchool"
            label={DISPLAY_LABELS.showSchool}
            checked={draft.showSchool}
            onCheckedChange={(checked) => change('showSchool', checked)}
            data-testid="display-show-school"
          />
          <Switch
            name="showCity"
            label={DISPLAY_LABELS.showCity}
            checked={draft.showCity}
            onCheckedChange={(checked) => change('showCity', checked)}
            data-testid="display-show-city"
          />
        </div>
        <div className="display-example" aria-live="polite" data-testid="display-example">
          <span className="display-example__caption">On a board, Fatima Malik (no. 100009) shows as</span>
          <span className="display-example__row">
            <span className="display-example__rank">1</span>
            {exampleRow(draft).map((part, i) => (
              <span key={part} className={i === 0 ? 'display-example__name' : 'muted'}>
                {part}
              </span>
            ))}
          </span>
        </div>
      </fieldset>

      <fieldset className="display-form__group" disabled={disabled}>
        <legend className="display-form__legend">Home page announcement</legend>
        <TextField
          name="announcementTitle"
          label={DISPLAY_LABELS.announcementTitle}
          value={draft.announcementTitle}
          maxLength={TITLE_MAX}
          error={problemText('announcementTitle', problems.announcementTitle)}
          onChange={(event) => change('announcementTitle', event.target.value)}
          placeholder="Phase 2 opens on 1 March"
          data-testid="display-title"
        />
        <TextAreaField
          label={DISPLAY_LABELS.announcementBody}
          name="announcementBody"
          className="display-form__body"
          rows={4}
          maxLength={BODY_MAX}
          value={draft.announcementBody}
          hint={`Line breaks are kept. (${draft.announcementBody.length}/${BODY_MAX})`}
          error={bodyProblem}
          onChange={(event) => change('announcementBody', event.target.value)}
          data-testid="display-body"
        />
        <div className="display-ends">
          <TextField
            className="display-ends__field"
            name="announcementEndsAt"
            type="datetime-local"
            label={DISPLAY_LABELS.announcementEndsAt}
            value={draft.announcementEndsAt}
            hint={`${LOCAL_INPUT_ZONE_HINT}. Leave empty to show it until you clear it.`}
            error={problemText('announcementEndsAt', problems.announcementEndsAt)}
            onChange={(event) => change('announcementEndsAt', event.target.value)}
            data-testid="display-ends-at"
          />
          {draft.announcementEndsAt !== '' && !disabled ? (
            <Button small variant="ghost" onClick={() => change('announcementEndsAt', '')}>
              No end date
            </Button>
          ) : null}
        </div>
        <Alert tone={preview.showing ? 'success' : 'info'} data-testid="display-preview">
          <strong>{dirty ? 'Once saved: ' : 'Now: '}</strong>
          {preview.text}
        </Alert>
      </fieldset>

      <SettingsFormFooter
        {...footer}
        updatedAt={settings.updatedAt}
        testId="display-save"
        unsaved={{ message: 'Your changes to the public display have not been saved.', saved }}
      />
    </form>
  );
}
