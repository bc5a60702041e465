import { ImageField } from '../../../shared/editor/image-field';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { TitledCard } from '../../../shared/ui/titled-card';
import { uploadQuestionImage } from '../api/questions-api';
import type { QuestionDraft } from './question-form-model';
import type { QuestionSectionProps } from './question-form-section';
import { QuestionHtmlField } from './question-html-field';

/** The question's type, its text and its picture. */
export function QuestionTextCard({
  initial,
  draft,
  problems,
  update,
}: QuestionSectionProps & { initial: QuestionDraft }) {
  return (
    <TitledCard id="q-question" title="Question">
      <RadioGroupField
        legend="Type"
        name="type"
        options={[
          { value: 'MCQs', label: 'Multiple choice' },
          { value: 'Open Ended', label: 'Open ended (typed answer)' },
        ]}
        value={draft.type}
        onChange={(type) =>
          update({ type }, ['option1', 'option2', 'option3', 'option4', 'correctOptions', 'acceptedAnswers'])
        }
        testId="q-type"
      />
      <QuestionHtmlField
        field="question"
        label="Question"
        hint="Type $…$ for a formula, e.g. $\frac{3}{4}$, or use the f(x) button."
        testId="q-question-editor"
        initial={initial}
        problems={problems}
        update={update}
      />
      <ImageField
        label="Question picture (optional)"
        value={draft.questionImage}
        onChange={(questionImage) => update({ questionImage })}
        upload={uploadQuestionImage}
        hint="JPEG, PNG, WebP or GIF up to 2 MB. Shown under the question."
        testId="q-question-image"
      />
    </TitledCard>
  );
}
