import { hasPermission } from '@riyazi/api/contracts';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { ImageField } from '../../../shared/editor/image-field';
import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { HttpError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { SelectField, TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Alert, Card } from '../../../shared/ui/surface';
import { QUESTION_TAGS, type Question, uploadQuestionImage } from '../api/questions-api';
import { useQuestion, useQuestionOptions, useSaveQuestion } from '../api/use-questions';
import {
  bodyFromDraft,
  draftFromQuestion,
  emptyDraft,
  FORM_FIELDS,
  type FormField,
  type FormProblems,
  markCorrect,
  OPTION_FIELDS,
  type OptionField,
  problemsFromServer,
  type QuestionDraft,
  validateDraft,
} from './question-form-model';
import { TAG_LABELS } from './question-query';
import { QuestionUrduFields } from './question-urdu-fields';
import './questions.css';

/** /question/new and /question/{id}: one form for both. */
export function QuestionFormPage() {
  const { id } = useParams();
  return id === undefined || id === 'new' ? <QuestionForm question={null} /> : <EditQuestion id={id} />;
}

function EditQuestion({ id }: { id: string }) {
  const detail = useQuestion(id);
  if (!detail.isSuccess) {
    return (
      <div className="stack">
        <RecordStatus query={detail} title="Edit question" noun="question" />
      </div>
    );
  }
  // Keyed by the question: the editors start from its saved content.
  return <QuestionForm key={detail.data._id} question={detail.data} />;
}

const LETTERS = ['A', 'B', 'C', 'D'] as const;

function QuestionForm({ question }: { question: Question | null }) {
  const navigate = useNavigate();
  const auth = useAdminAuth();
  const initial = useMemo(() => (question === null ? emptyDraft() : draftFromQuestion(question)), [question]);
  const [draft, setDraft] = useState<QuestionDraft>(initial);
  const [problems, setProblems] = useState<FormProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useSaveQuestion();
  const options = useQuestionOptions(draft.categoryId);
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = (change: Partial<QuestionDraft>, clear: FormField[] = []) => {
    setDraft((current) => ({ ...current, ...change }));
    setDirty(true);
    setFormError(null);
    if (clear.length > 0) {
      setProblems((current) => {
        const next = { ...current };
        for (const field of clear) {
          delete next[field];
        }
        return next;
      });
    }
  };
  const updateOption = (field: OptionField, change: Partial<QuestionDraft['options'][OptionField]>) => {
    setDraft((current) => ({
      ...current,
      options: { ...current.options, [field]: { ...current.options[field], ...change } },
    }));
    setDirty(true);
    setFormError(null);
    setProblems(({ [field]: _gone, ...rest }) => rest);
  };

  const focusFirstProblem = (found: FormProblems) => {
    const first = FORM_FIELDS.find((field) => found[field] !== undefined);
    const target = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target
      ?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')
      ?.focus({ preventScroll: true });
  };

  const submit = () => {
    setFormError(null);
    const found = validateDraft(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please fix the highlighted fields.');
      focusFirstProblem(found);
      return;
    }
    save.mutate(
      { id: question?._id ?? null, body: bodyFromDraft(draft) },
      {
        onSuccess: (result) => {
          saved.current = true;
          setDirty(false);
          toast.success(`Question ${result.questionNo} saved`);
          const canView =
            auth !== null &&
            hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'question', action: 'update' });
          void navigate(
            canView ? adminPagePath('questionView', { id: result._id }) : adminPagePath('questions'),
          );
        },
        onError: (error) => {
          const server = error instanceof HttpError ? problemsFromServer(error.fieldErrors) : {};
          setProblems(server);
          // The fields say what is wrong; the banner only points at them (or says what else went wrong).
          setFormError(Object.keys(server).length > 0 ? 'Please fix the highlighted fields.' : error.message);
          focusFirstProblem(server);
        },
      },
    );
  };

  const isMcq = draft.type === 'MCQs';
  const title = question === null ? 'New question' : `Edit question ${question.questionNo}`;
  const subCategories = options.subCategories;
  return (
    <form
      ref={formRef}
      className="stack q-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-labelledby="q-form-title"
      data-testid="question-form"
    >
      <Link to={adminPagePath('questions')} className="q-back">
        <span aria-hidden="true">←</span> All questions
      </Link>
      <div id="q-form-title">
        <PageHeading title={title} />
      </div>
      {question !== null && question.usageCount > 0 ? (
        <Alert tone="info">
          Students have been served this question {question.usageCount} time
          {question.usageCount === 1 ? '' : 's'}. Changing its answer changes how future plays are scored, not
          past results.
        </Alert>
      ) : null}

      <Card className="stack" aria-labelledby="q-where">
        <h2 id="q-where" className="card__title">
          Where it belongs
        </h2>
        <div className="q-form__grid">
          <div data-field="gradeId">
            <SelectField
              label="Grade"
              value={draft.gradeId}
              error={problems.gradeId}
              onChange={(event) => update({ gradeId: event.target.value }, ['gradeId'])}
              data-testid="q-grade"
            >
              <option value="">Choose a grade</option>
              {options.grades.map((grade) => (
                <option key={grade._id} value={grade._id}>
                  {grade.title}
                  {grade.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </SelectField>
          </div>
          <div data-field="categoryId">
            <SelectField
              label="Category"
              value={draft.categoryId}
              error={problems.categoryId}
              onChange={(event) =>
                update({ categoryId: event.target.value, subCategoryId: '' }, ['categoryId', 'subCategoryId'])
              }
              data-testid="q-category"
            >
              <option value="">Choose a category</option>
              {options.categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                  {category.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </SelectField>
          </div>
          <div data-field="subCategoryId">
            <SelectField
              label="Sub category"
              value={draft.subCategoryId}
              error={problems.subCategoryId}
              disabled={draft.categoryId === ''}
              hint={draft.categoryId === '' ? 'Choose a category first' : undefined}
              onChange={(event) => update({ subCategoryId: event.target.value }, ['subCategoryId'])}
              data-testid="q-subcategory"
            >
              <option value="">Choose a sub category</option>
              {subCategories.map((sub) => (
                <option key={sub._id} value={sub._id}>
                  {sub.name}
                  {sub.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </SelectField>
          </div>
          <div data-field="tags">
            <SelectField
              label="Used in"
              value={draft.tags}
              error={problems.tags}
              onChange={(event) => update({ tags: event.target.value as QuestionDraft['tags'] }, ['tags'])}
              data-testid="q-tags"
            >
              <option value="">Choose</option>
              {QUESTION_TAGS.map((tag) => (
                <option key={tag} value={tag}>
                  {TAG_LABELS[tag]}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        <CheckboxGroup
          legend="Phases"
          field="phaseIds"
          error={problems.phaseIds}
          options={options.phases.map((phase) => ({ value: phase._id, label: phase.name }))}
          selected={draft.phaseIds}
          onChange={(phaseIds) => update({ phaseIds }, ['phaseIds'])}
          testId="q-phases"
        />
        <div className="q-form__grid">
          <RadioGroupField
            legend="Status"
            name="status"
            options={[
              { value: 'Active', label: 'Active' },
              { value: 'Inactive', label: 'Inactive' },
            ]}
            value={draft.status}
            onChange={(status) => update({ status })}
            testId="q-status"
          />
          <TextField
            label="Score"
            value="1"
            readOnly
            hint="Every question is worth 1 point; faster correct answers score more."
          />
        </div>
      </Card>

      <Card className="stack" aria-labelledby="q-question">
        <h2 id="q-question" className="card__title">
          Question
        </h2>
        <RadioGroupField
          legend="Type"
          name="type"
          options={[
            { value: 'MCQs', label: 'Multiple choice' },
            { value: 'Open Ended', label: 'Open ended (typed answer)' },
          ]}
          value={draft.type}
          onChange={(type) =>
            update({ type }, [
              'option1',
              'option2',
              'option3',
              'option4',
              'correctOptions',
              'acceptedAnswers',
            ])
          }
          testId="q-type"
        />
        <div data-field="question">
          <RichTextEditor
            label="Question"
            initialHtml={initial.question}
            onChange={(html) => update({ question: html }, ['question'])}
            onUploadImage={uploadQuestionImage}
            error={problems.question}
            hint="Type $…$ for a formula, e.g. $\frac{3}{4}$, or use the f(x) button."
            testId="q-question-editor"
          />
        </div>
        <ImageField
          label="Question picture (optional)"
          value={draft.questionImage}
          onChange={(questionImage) => update({ questionImage })}
          upload={uploadQuestionImage}
          hint="JPEG, PNG, WebP or GIF up to 2 MB. Shown under the question."
          testId="q-question-image"
        />
      </Card>

      {isMcq ? (
        <Card className="stack" aria-labelledby="q-options">
          <h2 id="q-options" className="card__title">
            Options
          </h2>
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
              setDraft((current) => {
                // Back to one answer: keep only the first correct option.
                if (selectMultiple) {
                  return { ...current, selectMultiple };
                }
                const first = OPTION_FIELDS.find((field) => current.options[field].isCorrect);
                const cleared = { ...current, selectMultiple };
                return first === undefined ? cleared : markCorrect(cleared, first, true);
              });
              setDirty(true);
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
                      setDraft((current) => markCorrect(current, field, event.target.checked));
                      setDirty(true);
                      setProblems(({ correctOptions: _gone, ...rest }) => rest);
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
        </Card>
      ) : (
        <Card className="stack" aria-labelledby="q-accepted">
          <h2 id="q-accepted" className="card__title">
            Accepted answers
          </h2>
          <AcceptedAnswers
            answers={draft.acceptedAnswers}
            error={problems.acceptedAnswers}
            onChange={(acceptedAnswers) => update({ acceptedAnswers }, ['acceptedAnswers'])}
          />
        </Card>
      )}

      <Card className="stack" aria-labelledby="q-hint">
        <h2 id="q-hint" className="card__title">
          Hint and explanation
        </h2>
        <div data-field="answerHintText">
          <RichTextEditor
            label="Hint text"
            initialHtml={initial.answerHintText}
            onChange={(html) => update({ answerHintText: html }, ['answerHintText'])}
            onUploadImage={uploadQuestionImage}
            error={problems.answerHintText}
            hint="Shown in practice after answering, and in contest review once the contest is over."
            testId="q-hint-editor"
          />
        </div>
        <div className="q-form__grid">
          <ImageField
            label="Hint picture (optional)"
            value={draft.answerHintImage}
            onChange={(answerHintImage) => update({ answerHintImage })}
            upload={uploadQuestionImage}
            testId="q-hint-image"
          />
          <ImageField
            label="Video thumbnail (optional)"
            value={draft.answerHintThumbnail}
            onChange={(answerHintThumbnail) => update({ answerHintThumbnail })}
            upload={uploadQuestionImage}
            testId="q-hint-thumbnail"
          />
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
      </Card>

      <QuestionUrduFields
        initial={initial}
        isMcq={isMcq}
        onQuestion={(html) => update({ questionUrdu: html })}
        onOption={(field, html) => updateOption(field, { textUrdu: html })}
        onHint={(html) => update({ answerHintTextUrdu: html })}
      />

      <Card className="stack" aria-labelledby="q-internal">
        <h2 id="q-internal" className="card__title">
          For staff only
        </h2>
        <div data-field="commentsForInternalPurpose">
          <TextAreaField
            label="Comments for internal purpose (optional)"
            value={draft.commentsForInternalPurpose}
            error={problems.commentsForInternalPurpose}
            onChange={(value) =>
              update({ commentsForInternalPurpose: value }, ['commentsForInternalPurpose'])
            }
          />
        </div>
      </Card>

      <div className="form-actions">
        {formError ? (
          <p className="field__error form-actions__error" role="alert" data-testid="q-form-error">
            {formError}
          </p>
        ) : null}
        <Button variant="secondary" onClick={() => void navigate(-1)} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="q-save">
          {save.isPending ? 'Saving…' : question === null ? 'Create question' : 'Save changes'}
        </Button>
      </div>

      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave"
          pending={false}
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.reset()}
        >
          <p>Your changes to this question have not been saved.</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function CheckboxGroup({
  legend,
  field,
  options,
  selected,
  onChange,
  error,
  testId,
}: {
  legend: string;
  field: FormField;
  options: { value: string; label: string }[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
  testId: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="field choice-group"
      data-field={field}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {options.length === 0 ? <span className="muted">Loading…</span> : null}
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, option.value]
                    : selected.filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function AcceptedAnswers({
  answers,
  onChange,
  error,
}: {
  answers: string[];
  onChange: (answers: string[]) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const answer = text.trim();
    if (answer !== '' && !answers.includes(answer)) {
      onChange([...answers, answer]);
    }
    setText('');
  };
  return (
    <div className="stack" data-field="acceptedAnswers">
      <p className="field__hint">
        Numbers are compared by value, so 0.5, .5 and 1/2 all match each other. Text is compared ignoring
        capitals and spaces at the ends. Add each other way of writing the answer that should count.
      </p>
      <div className="q-form__add-answer">
        <TextField
          label="Accepted answer"
          value={text}
          maxLength={200}
          error={error}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          data-testid="q-answer-input"
        />
        <Button variant="secondary" onClick={add} disabled={text.trim() === ''} data-testid="q-answer-add">
          Add
        </Button>
      </div>
      {answers.length > 0 ? (
        <ul className="q-form__answers" data-testid="q-answers">
          {answers.map((answer) => (
            <li key={answer} className="q-form__answer">
              <span>{answer}</span>
              <button
                type="button"
                className="q-form__answer-remove"
                aria-label={`Remove ${answer}`}
                onClick={() => onChange(answers.filter((a) => a !== answer))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
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
