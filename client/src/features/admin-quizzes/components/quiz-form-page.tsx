import { QUIZ_DEFAULTS } from '@riyazi/api/contracts';
import { useMemo } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { LOCAL_INPUT_ZONE_HINT } from '../../../shared/format/local-input';
import { EditFormActions } from '../../../shared/forms/edit-form-actions';
import { EditPageForm } from '../../../shared/forms/edit-page-form';
import { UnsavedChangesGuard } from '../../../shared/forms/unsaved-changes-guard';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { HttpError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { RecordOptions, SelectField, Switch, TextField } from '../../../shared/ui/field';
import { RecordFormRoute } from '../../../shared/ui/record-loader';
import { Alert } from '../../../shared/ui/surface';
import { KIND_LABELS, type PoolMode, type Quiz, type QuizKind } from '../api/quizzes-api';
import { useQuiz, useQuizOptions, useSaveQuiz } from '../api/use-quizzes';
import { QuizFormAside } from './quiz-form-aside';
import {
  bodyFromDraft,
  draftFromQuiz,
  emptyDraft,
  type QuizDraft,
  validateDraft,
  wholeIn,
} from './quiz-form-model';
import { GradesField } from './quiz-grades-field';
import { QuestionPicker } from './quiz-question-picker';
import { RulesEditor } from './quiz-rules-editor';
import './quizzes.css';
import { TitledCard } from '../../../shared/ui/titled-card';

/** /quiz/new and /quiz/{id}: one form for both. */
const WINDOW_FIELDS = [
  { field: 'opensAt', label: 'Opens', hint: `${LOCAL_INPUT_ZONE_HINT}. Empty: open now`, testId: 'qz-opens' },
  {
    field: 'closesAt',
    label: 'Closes',
    hint: `${LOCAL_INPUT_ZONE_HINT}. Empty: no closing time`,
    testId: 'qz-closes',
  },
] as const;

export function QuizFormPage() {
  return (
    <RecordFormRoute
      useRecord={useQuiz}
      title="Edit quiz"
      noun="quiz"
      form={(quiz) => <QuizForm quiz={quiz} />}
    />
  );
}

const POOL_REFUSED =
  'Not saved: not every grade can fill an attempt. See “Can every grade fill an attempt?”.';

const KIND_OPTIONS = [
  { value: 'CONTEST', label: 'Contest' },
  { value: 'PRACTICE', label: 'Practice' },
] as const;
const POOL_OPTIONS = [
  { value: 'RULES', label: 'Rules (category mix)' },
  { value: 'QUESTIONS', label: 'Picked questions' },
] as const;

function QuizForm({ quiz }: { quiz: Quiz | null }) {
  const navigate = useNavigate();
  const initial = useMemo(() => (quiz === null ? emptyDraft() : draftFromQuiz(quiz)), [quiz]);
  const form = useDraftForm<QuizDraft>({ initial });
  const { formRef, draft, problems, setProblems, formError, setFormError } = form;
  const options = useQuizOptions();
  const save = useSaveQuiz();

  // A change that fixes a field may also fix the pool the save refused.
  const update = (change: Partial<QuizDraft>, clear: string[] = []) =>
    form.update(change, clear.length > 0 ? [...clear, 'pool'] : []);

  const focusFirstProblem = () => {
    requestAnimationFrame(() => {
      const target = formRef.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [data-problem="true"]',
      );
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      target?.focus({ preventScroll: true });
    });
  };

  const submit = () => {
    setFormError(null);
    const found = validateDraft(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please fix the highlighted fields.');
      focusFirstProblem();
      return;
    }
    save.mutate(
      { id: quiz?._id ?? null, body: bodyFromDraft(draft) },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.title} saved`);
          form.markSaved();
          void navigate(adminPagePath('quiz'));
        },
        onError: (error) => {
          const fieldErrors = error instanceof HttpError ? error.fieldErrors : {};
          setProblems({ ...fieldErrors });
          // The shortfall itself is shown once, in the pool check; the banner only points there.
          setFormError(fieldErrors.pool === undefined ? error.message : POOL_REFUSED);
          focusFirstProblem();
        },
      },
    );
  };

  const changeKind = (kind: QuizKind) => {
    // Follow the kind's default attempts unless the number was changed by hand.
    const other = kind === 'CONTEST' ? 'PRACTICE' : 'CONTEST';
    const followDefault = draft.attemptsAllowed === String(QUIZ_DEFAULTS.attemptsAllowed[other]);
    update(
      {
        kind,
        ...(followDefault ? { attemptsAllowed: String(QUIZ_DEFAULTS.attemptsAllowed[kind]) } : {}),
      },
      ['kind', 'attemptsAllowed'],
    );
  };

  const title = quiz === null ? 'New quiz' : `Edit ${quiz.title}`;
  return (
    <EditPageForm
      formRef={formRef}
      className="stack"
      onSubmit={submit}
      titleId="qz-form-title"
      title={title}
      testId="quiz-form"
      back={{ to: adminPagePath('quiz'), label: 'All quizzes' }}
    >
      {quiz !== null && quiz.playCount > 0 ? (
        <Alert tone="info">
          Students have played this quiz {quiz.playCount} time{quiz.playCount === 1 ? '' : 's'}. Changes apply
          to new attempts only.
        </Alert>
      ) : null}
      {options.isError ? (
        <Alert tone="error">
          <p>The grades, phases and categories could not be loaded.</p>
          <Button small variant="secondary" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <div className="qz-layout">
        <div className="qz-main">
          <TitledCard id="qz-about" title="The quiz">
            <TextField
              label="Title"
              value={draft.title}
              maxLength={160}
              error={problems.title}
              onChange={(event) => update({ title: event.target.value }, ['title'])}
              data-testid="qz-title"
            />
            <div className="qz-grid">
              <RadioGroupField
                legend="Kind"
                name="kind"
                options={KIND_OPTIONS}
                value={draft.kind}
                error={problems.kind}
                onChange={changeKind}
                testId="qz-kind"
              />
              <SelectField
                label="Phase"
                value={draft.phaseId}
                error={problems.phaseId}
                onChange={(event) => update({ phaseId: event.target.value }, ['phaseId'])}
                data-testid="qz-phase"
              >
                <option value="">Choose a phase</option>
                <RecordOptions items={options.data?.phases ?? []} label={(p) => p.name} />
              </SelectField>
            </div>
            <GradesField
              grades={options.data?.grades ?? []}
              value={draft.gradeIds}
              error={problems.gradeIds}
              onChange={(gradeIds) => update({ gradeIds }, ['gradeIds'])}
            />
            <Switch
              label={draft.status === 'Active' ? 'Active' : 'Inactive'}
              hint="Students only see active quizzes. An active quiz needs a pool that fills an attempt for every grade; an inactive one can be saved while questions are still being written."
              checked={draft.status === 'Active'}
              onCheckedChange={(checked) => update({ status: checked ? 'Active' : 'Inactive' }, ['status'])}
              data-testid="qz-active"
            />
          </TitledCard>

          <TitledCard id="qz-timing" title="Attempts and timing">
            <div className="qz-grid">
              <TextField
                label="Questions per attempt"
                inputMode="numeric"
                value={draft.questionCount}
                error={problems.questionCount}
                onChange={(event) =>
                  update({ questionCount: event.target.value }, ['questionCount', 'rules'])
                }
                data-testid="qz-question-count"
              />
              <TextField
                label="Seconds per question"
                inputMode="numeric"
                value={draft.secondsPerQuestion}
                error={problems.secondsPerQuestion}
                hint="10 to 3600"
                onChange={(event) =>
                  update({ secondsPerQuestion: event.target.value }, ['secondsPerQuestion'])
                }
                data-testid="qz-seconds"
              />
              <TextField
                label="Attempts allowed"
                inputMode="numeric"
                value={draft.attemptsAllowed}
                error={problems.attemptsAllowed}
                hint={draft.kind === 'PRACTICE' ? '100 means no limit' : '1 to 100'}
                onChange={(event) => update({ attemptsAllowed: event.target.value }, ['attemptsAllowed'])}
                data-testid="qz-attempts"
              />
            </div>
            <div className="qz-grid">
              {WINDOW_FIELDS.map(({ field, label, hint, testId }) => (
                <TextField
                  key={field}
                  label={label}
                  type="datetime-local"
                  value={draft[field]}
                  error={problems[field]}
                  hint={hint}
                  onChange={(event) => update({ [field]: event.target.value }, ['opensAt', 'closesAt'])}
                  data-testid={testId}
                />
              ))}
            </div>
          </TitledCard>

          <TitledCard id="qz-pool-title" title="Question pool">
            <p className="muted">
              Only Active questions of the quiz&apos;s phase tagged {KIND_LABELS[draft.kind]} or Both are
              drawn, each student from their own grade.
            </p>
            <RadioGroupField
              legend="Draw from"
              name="poolMode"
              options={POOL_OPTIONS}
              value={draft.poolMode}
              onChange={(poolMode: PoolMode) => update({ poolMode }, ['poolMode', 'rules', 'questionIds'])}
              testId="qz-pool-mode"
            />
            {draft.poolMode === 'RULES' ? (
              <RulesEditor
                rules={draft.rules}
                categories={options.data?.categories ?? []}
                questionCount={wholeIn(draft.questionCount, 1, 100)}
                problems={problems}
                onChange={(rules, clear) => update({ rules }, ['rules', ...clear])}
              />
            ) : (
              <QuestionPicker
                kind={draft.kind}
                picked={draft.picked}
                grades={(options.data?.grades ?? []).filter((g) => draft.gradeIds.includes(g._id))}
                phaseId={draft.phaseId}
                error={problems.questionIds}
                onChange={(picked) => update({ picked }, ['questionIds'])}
              />
            )}
          </TitledCard>
        </div>

        <QuizFormAside draft={draft} saveProblem={problems.pool ?? null} />
      </div>

      <EditFormActions
        formError={formError}
        pending={save.isPending}
        onCancel={() => void navigate(adminPagePath('quiz'))}
        submitLabel={quiz === null ? 'Create quiz' : 'Save changes'}
        testIdPrefix="qz"
      />
      <UnsavedChangesGuard form={form}>Your changes to this quiz have not been saved.</UnsavedChangesGuard>
    </EditPageForm>
  );
}
