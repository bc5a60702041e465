import { type ReactNode, useId } from 'react';
import { ImageField } from '../../../shared/editor/image-field';
import { TextField } from '../../../shared/ui/field';
import { TitledCard } from '../../../shared/ui/titled-card';
import { uploadQuestionImage } from '../api/questions-api';
import type { QuestionDraft } from './question-form-model';
import type { QuestionSectionProps } from './question-form-section';
import { QuestionHtmlField } from './question-html-field';

const HINT_PICTURES = [
  { field: 'answerHintImage', label: 'Hint picture (optional)', testId: 'q-hint-image' },
  { field: 'answerHintThumbnail', label: 'Video thumbnail (optional)', testId: 'q-hint-thumbnail' },
] as const;

/** The hint and explanation students see after answering. */
export function QuestionHintCard({
  initial,
  draft,
  problems,
  update,
}: QuestionSectionProps & { initial: QuestionDraft }) {
  return (
    <TitledCard id="q-hint" title="Hint and explanation">
      <QuestionHtmlField
        field="answerHintText"
        label="Hint text"
        hint="Shown in practice after answering, and in contest review once its results are released."
        testId="q-hint-editor"
        initial={initial}
        problems={problems}
        update={update}
      />
      <div className="q-form__grid">
        {HINT_PICTURES.map(({ field, label, testId }) => (
          <ImageField
            key={field}
            label={label}
            value={draft[field]}
            onChange={(value) => update({ [field]: value })}
            upload={uploadQuestionImage}
            testId={testId}
          />
        ))}
      </div>
      <div data-field="answerHintVideo">
        <TextField
          label="Hint video link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={draft.answerHintVideo}
          error={problems.answerHintVideo}
          onChange={(event) => update({ answerHintVideo: event.target.value }, ['answerHintVideo'])}
          data-testid="q-hint-video"
        />
      </div>
    </TitledCard>
  );
}

/** Notes only staff see. */
export function QuestionStaffCard({ draft, problems, update }: QuestionSectionProps) {
  return (
    <TitledCard id="q-internal" title="For staff only">
      <div data-field="commentsForInternalPurpose">
        <TextAreaField
          label="Comments for internal purpose (optional)"
          value={draft.commentsForInternalPurpose}
          error={problems.commentsForInternalPurpose}
          onChange={(value) => update({ commentsForInternalPurpose: value }, ['commentsForInternalPurpose'])}
        />
      </div>
    </TitledCard>
  );
}

function TextAreaField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        rows={3}
        maxLength={5000}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid="q-comments"
      />
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
