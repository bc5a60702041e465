import { ImageField } from '../../../shared/editor/image-field';
import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { Alert } from '../../../shared/ui/surface';
import { TitledCard } from '../../../shared/ui/titled-card';
import { uploadQuestionImage } from '../api/questions-api';
import {
  type FormField,
  type FormProblems,
  markCorrect,
  OPTION_FIELDS,
  type OptionField,
  type QuestionDraft,
} from './question-form-model';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

interface OptionsCardProps {
  initial: QuestionDraft;
  draft: QuestionDraft;
  problems: FormProblems;
  /** Changes the draft without clearing any problem. */
  edit: (change: (current: QuestionDraft) => QuestionDraft) => void;
  clearProblems: (fields: readonly FormField[]) => void;
  updateOption: (field: OptionField, change: Partial<QuestionDraft['options'][OptionField]>) => void;
}

/** A multiple-choice question's four options, which are correct, and whether students pick several. */
export function QuestionOptionsCard({
  initial,
  draft,
  problems,
  edit,
  clearProblems,
  updateOption,
}: OptionsCardProps) {
  return (
    <TitledCard id="q-options" title="Options">
      <RadioGroupField
        legend="Students choose"
        name="selectMultiple"
        options={[
          { value: 'No', label: 'One answer' },
          { value: 'Yes', label: 'All correct answers (several)' },
        ]}
        value={draft.selectMultiple ? 'Yes' : 'No'}
        onChange={(value) => {
          const selectMultiple = value === 'Yes';
          edit((current) => {
            // Back to one answer: keep only the first correct option.
            if (selectMultiple) {
              return { ...current, selectMultiple };
            }
            const first = OPTION_FIELDS.find((field) => current.options[field].isCorrect);
            const cleared = { ...current, selectMultiple };
            return first === undefined ? cleared : markCorrect(cleared, first, true);
          });
        }}
        testId="q-select-multiple"
      />
      <div data-field="correctOptions">
        {problems.correctOptions ? (
          <Alert tone="error" data-testid="q-correct-error">
            {problems.correctOptions}
          </Alert>
        ) : (
          <p className="field__hint">
            {draft.selectMultiple ? 'Tick every correct option.' : 'Pick the one correct option.'} Empty
            options are not allowed: all four are shown to students, lettered A to D.
          </p>
        )}
      </div>
      <div className="q-form__options">
        {OPTION_FIELDS.map((field, index) => (
          <fieldset key={field} className="q-form__option" data-field={field} data-testid={`q-${field}`}>
            <legend className="q-form__option-legend">Option {LETTERS[index]}</legend>
            <label className="choice q-form__correct">
              <input
                type={draft.selectMultiple ? 'checkbox' : 'radio'}
                name="correct"
                checked={draft.options[field].isCorrect}
                onChange={(event) => {
                  edit((current) => markCorrect(current, field, event.target.checked));
                  clearProblems(['correctOptions']);
                }}
                data-testid={`q-${field}-correct`}
              />
              <span>Correct answer</span>
            </label>
            <RichTextEditor
              label={`Option ${LETTERS[index]} text`}
              initialHtml={initial.options[field].text}
              onChange={(text) => updateOption(field, { text })}
              onUploadImage={uploadQuestionImage}
              error={problems[field]}
              compact
              testId={`q-${field}-editor`}
            />
            <ImageField
              label={`Option ${LETTERS[index]} picture (optional)`}
              value={draft.options[field].image}
              onChange={(image) => updateOption(field, { image })}
              upload={uploadQuestionImage}
              testId={`q-${field}-image`}
            />
          </fieldset>
        ))}
      </div>
    </TitledCard>
  );
}
