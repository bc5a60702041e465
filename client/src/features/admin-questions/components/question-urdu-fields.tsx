import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { TitledCard } from '../../../shared/ui/titled-card';
import { uploadQuestionImage } from '../api/questions-api';
import { OPTION_FIELDS, type OptionField, type QuestionDraft } from './question-form-model';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

interface UrduFieldsProps {
  /** The saved content the editors start from. */
  initial: QuestionDraft;
  isMcq: boolean;
  onQuestion: (html: string) => void;
  onOption: (field: OptionField, html: string) => void;
  onHint: (html: string) => void;
}

/**
 * The optional Urdu text of a question, beside its English: what a child who reads Urdu sees where
 * it is written (the English otherwise). Editors are right-to-left; formulas stay left-to-right.
 */
export function QuestionUrduFields({ initial, isMcq, onQuestion, onOption, onHint }: UrduFieldsProps) {
  return (
    <TitledCard id="q-urdu" title="Urdu (optional)" data-testid="q-urdu">
      <p className="field__hint">
        Children who chose Urdu see these texts; any part left empty shows the English one. Pictures and
        answers are the same as above.
      </p>
      <div className="stack q-form__urdu" dir="rtl" lang="ur">
        <div data-field="questionUrdu">
          <RichTextEditor
            label="Question in Urdu"
            initialHtml={initial.questionUrdu}
            onChange={onQuestion}
            onUploadImage={uploadQuestionImage}
            testId="q-question-urdu-editor"
          />
        </div>
        {isMcq
          ? OPTION_FIELDS.map((field, index) => (
              <RichTextEditor
                key={field}
                label={`Option ${LETTERS[index]} in Urdu`}
                initialHtml={initial.options[field].textUrdu}
                onChange={(html) => onOption(field, html)}
                compact
                testId={`q-${field}-urdu-editor`}
              />
            ))
          : null}
        <div data-field="answerHintTextUrdu">
          <RichTextEditor
            label="Hint in Urdu"
            initialHtml={initial.answerHintTextUrdu}
            onChange={onHint}
            onUploadImage={uploadQuestionImage}
            testId="q-hint-urdu-editor"
          />
        </div>
      </div>
    </TitledCard>
  );
}
