import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { uploadQuestionImage } from '../api/questions-api';
import type { QuestionDraft } from './question-form-model';
import type { QuestionSectionProps } from './question-form-section';

/** A rich text field of the question (its text, its hint), with pictures uploaded as the question's. */
export function QuestionHtmlField({
  field,
  label,
  hint,
  testId,
  initial,
  problems,
  update,
}: Pick<QuestionSectionProps, 'problems' | 'update'> & {
  field: 'question' | 'answerHintText';
  label: string;
  hint: string;
  testId: string;
  initial: QuestionDraft;
}) {
  return (
    <div data-field={field}>
      <RichTextEditor
        label={label}
        initialHtml={initial[field]}
        onChange={(html) => update({ [field]: html }, [field])}
        onUploadImage={uploadQuestionImage}
        error={problems[field]}
        hint={hint}
        testId={testId}
      />
    </div>
  );
}
