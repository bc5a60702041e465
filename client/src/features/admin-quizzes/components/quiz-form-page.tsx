import { isUnlimitedAttempts, QUIZ_DEFAULTS, quizRulesText } from '@riyazi/api/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { HttpError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { CheckboxField, RadioGroupField } from '../../../shared/ui/choice-fields';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Alert, Card, Spinner } from '../../../shared/ui/surface';
import {
  KIND_LABELS,
  type PickedQuestion,
  type PoolMode,
  type PoolReport,
  type Quiz,
  type QuizKind,
  type QuizOptions,
} from '../api/quizzes-api';
import { useBankQuestions, usePoolCheck, useQuiz, useQuizOptions, useSaveQuiz } from '../api/use-quizzes';
import {
  bodyFromDraft,
  draftFromQuiz,
  emptyDraft,
  emptyRule,
  type FormProblems,
  poolBodyFromDraft,
  type QuizDraft,
  type RuleDraft,
  rulesInputFromDraft,
  validateDraft,
  wholeIn,
} from './quiz-form-model';
import './quizzes.css';

/** /quiz/new and /quiz/{id}: one form for both. */
export function QuizFormPage() {
  const { id } = useParams();
  return id === undefined || id === 'new' ? <QuizForm quiz={null} /> : <EditQuiz id={id} />;
}

function EditQuiz({ id }: { id: string }) {
  const detail = useQuiz(id);
  if (!detail.isSuccess) {
    return (
      <div className="stack">
        <RecordStatus query={detail} title="Edit quiz" noun="quiz" />
      </div>
    );
  }
  return <QuizForm key={detail.data._id} quiz={detail.data} />;
}

/** The value once it has stopped changing for `ms` (compared by content). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const json = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(json) as T), ms);
    return () => clearTimeout(timer);
  }, [json, ms]);
  return settled;
}

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
  const [draft, setDraft] = useState<QuizDraft>(initial);
  const [problems, setProblems] = useState<FormProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const options = useQuizOptions();
  const save = useSaveQuiz();
  const formRef = useRef<HTMLFormElement>(null);
  const poolBody = useSettled(poolBodyFromDraft(draft), 400);
  const pool = usePoolCheck(poolBody);

  const update = (change: Partial<QuizDraft>, clear: string[] = []) => {
    setDraft((current) => ({ ...current, ...change }));
    setFormError(null);
    if (clear.length > 0) {
      setProblems((current) => {
        const next = { ...current };
        for (const field of [...clear, 'pool']) {
          delete next[field];
        }
        return next;
      });
    }
  };

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
          void navigate(adminPagePath('quiz'));
        },
        onError: (error) => {
          setProblems(error instanceof HttpError ? { ...error.fieldErrors } : {});
          setFormError(error.message);
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

  const rulesInput = rulesInputFromDraft(draft);
  const title = quiz === null ? 'New quiz' : `Edit ${quiz.title}`;
  return (
    <form
      ref={formRef}
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-labelledby="qz-form-title"
      data-testid="quiz-form"
    >
      <Link to={adminPagePath('quiz')} className="qz-back">
        <span aria-hidden="true">←</span> All quizzes
      </Link>
      <div id="qz-form-title">
        <PageHeading title={title} />
      </div>
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
          <Card className="stack" aria-labelledby="qz-about">
            <h2 id="qz-about" className="card__title">
              The quiz
            </h2>
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
                {(options.data?.phases ?? []).map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.name}
                  </option>
                ))}
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
          </Card>

          <Card className="stack" aria-labelledby="qz-timing">
            <h2 id="qz-timing" className="card__title">
              Attempts and timing
            </h2>
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
              <TextField
                label="Opens"
                type="datetime-local"
                value={draft.opensAt}
                error={problems.opensAt}
                hint="Empty: open now"
                onChange={(event) => update({ opensAt: event.target.value }, ['opensAt', 'closesAt'])}
                data-testid="qz-opens"
              />
              <TextField
                label="Closes"
                type="datetime-local"
                value={draft.closesAt}
                error={problems.closesAt}
                hint="Empty: no closing time"
                onChange={(event) => update({ closesAt: event.target.value }, ['opensAt', 'closesAt'])}
                data-testid="qz-closes"
              />
            </div>
          </Card>

          <Card className="stack" aria-labelledby="qz-pool-title">
            <h2 id="qz-pool-title" className="card__title">
              Question pool
            </h2>
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
          </Card>
        </div>

        <div className="qz-aside">
          <Card className="stack" aria-labelledby="qz-sufficiency" data-testid="qz-pool-panel">
            <h2 id="qz-sufficiency" className="card__title">
              Can every grade fill an attempt?
            </h2>
            <PoolPanel
              waiting={poolBody === null}
              loading={pool.isFetching}
              error={pool.isError ? pool.error : null}
              report={pool.data ?? null}
              saveProblem={problems.pool ?? null}
            />
          </Card>
          <Card className="stack" aria-labelledby="qz-rules-preview">
            <h2 id="qz-rules-preview" className="card__title">
              Rules students see
            </h2>
            {rulesInput === null ? (
              <p className="muted">Fill in the numbers to see the rules.</p>
            ) : (
              <ul className="qz-rules-text" data-testid="qz-rules-text">
                {quizRulesText(rulesInput).map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
            {rulesInput !== null && isUnlimitedAttempts(rulesInput) ? (
              <p className="muted">Practice with 100 attempts has no attempt limit.</p>
            ) : null}
          </Card>
        </div>
      </div>

      <div className="form-actions">
        {formError ? (
          <p className="field__error form-actions__error" role="alert" data-testid="qz-form-error">
            {formError}
          </p>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => void navigate(adminPagePath('quiz'))}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="qz-save">
          {save.isPending ? 'Saving…' : quiz === null ? 'Create quiz' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function GradesField({
  grades,
  value,
  error,
  onChange,
}: {
  grades: QuizOptions['grades'];
  value: string[];
  error?: string;
  onChange: (gradeIds: string[]) => void;
}) {
  const shown = grades.filter((g) => g.isActive || value.includes(g._id));
  return (
    <fieldset
      className="field qz-grades"
      aria-invalid={error ? true : undefined}
      data-problem={error ? true : undefined}
      data-testid="qz-grades"
    >
      <legend className="field__label">Grades</legend>
      <div className="qz-grades__list">
        {shown.map((g) => (
          <CheckboxField
            key={g._id}
            label={g.title}
            checked={value.includes(g._id)}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? shown.filter((x) => x._id === g._id || value.includes(x._id)).map((x) => x._id)
                  : value.filter((id) => id !== g._id),
              )
            }
            data-testid={`qz-grade-${g.title}`}
          />
        ))}
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}

function RulesEditor({
  rules,
  categories,
  questionCount,
  problems,
  onChange,
}: {
  rules: RuleDraft[];
  categories: QuizOptions['categories'];
  questionCount: number | null;
  problems: FormProblems;
  onChange: (rules: RuleDraft[], clear: string[]) => void;
}) {
  const change = (index: number, patch: Partial<RuleDraft>) =>
    onChange(
      rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)),
      Object.keys(patch)
        .map((key) => `rules.${index}.${key}`)
        .concat(`rules.${index}`),
    );
  const sum = rules.reduce((total, r) => total + (wholeIn(r.questionCount, 1, 100) ?? 0), 0);
  const left = questionCount === null ? null : questionCount - sum;
  return (
    <div className="stack" data-testid="qz-rules">
      {rules.map((rule, index) => {
        const category = categories.find((c) => c._id === rule.categoryId);
        const at = `rules.${index}`;
        return (
          <div key={rule.key} className="qz-rule" data-testid="qz-rule">
            <span className="qz-rule__no">Rule {index + 1}</span>
            <SelectField
              className="qz-rule__category"
              label="Category"
              value={rule.categoryId}
              error={problems[`${at}.categoryId`] ?? problems[at]}
              onChange={(event) => change(index, { categoryId: event.target.value, subCategoryId: '' })}
              data-testid="qz-rule-category"
            >
              <option value="">Any category</option>
              {categories
                .filter((c) => c.isActive || c._id === rule.categoryId)
                .map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
            </SelectField>
            <SelectField
              className="qz-rule__sub"
              label="Sub category"
              value={rule.subCategoryId}
              disabled={rule.categoryId === ''}
              error={problems[`${at}.subCategoryId`]}
              onChange={(event) => change(index, { subCategoryId: event.target.value })}
              data-testid="qz-rule-sub"
            >
              <option value="">
                {rule.categoryId === '' ? 'Choose a category first' : 'Any sub category'}
              </option>
              {(category?.subCategories ?? [])
                .filter((s) => s.isActive || s._id === rule.subCategoryId)
                .map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.name}
                  </option>
                ))}
            </SelectField>
            <TextField
              label="Count"
              inputMode="numeric"
              value={rule.questionCount}
              error={problems[`${at}.questionCount`]}
              onChange={(event) => change(index, { questionCount: event.target.value })}
              data-testid="qz-rule-count"
            />
            <Button
              small
              variant="ghost"
              className="qz-danger"
              disabled={rules.length === 1}
              onClick={() =>
                onChange(
                  rules.filter((_, i) => i !== index),
                  ['rules'],
                )
              }
              aria-label={`Remove rule ${index + 1}`}
              data-testid="qz-rule-remove"
            >
              Remove
            </Button>
          </div>
        );
      })}
      <div className="qz-toolbar">
        <p
          className={`qz-rule-sum ${problems.rules ? 'field__error' : ''}`}
          data-problem={problems.rules ? true : undefined}
          data-testid="qz-rule-sum"
        >
          {problems.rules ??
            (left === null
              ? `Rules add up to ${sum} questions.`
              : left === 0
                ? `Rules add up to ${sum} questions, one attempt.`
                : left > 0
                  ? `Rules add up to ${sum} of ${questionCount} questions: ${left} to go.`
                  : `Rules add up to ${sum}, ${-left} more than the ${questionCount} of an attempt.`)}
        </p>
        <Button
          small
          variant="secondary"
          disabled={rules.length >= 50}
          onClick={() =>
            onChange([...rules, emptyRule(left !== null && left > 0 ? String(left) : '1')], ['rules'])
          }
          data-testid="qz-rule-add"
        >
          Add rule
        </Button>
      </div>
    </div>
  );
}

function QuestionPicker({
  kind,
  picked,
  grades,
  phaseId,
  error,
  onChange,
}: {
  kind: QuizKind;
  picked: PickedQuestion[];
  grades: QuizOptions['grades'];
  phaseId: string;
  error?: string;
  onChange: (picked: PickedQuestion[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [gradeId, setGradeId] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useSettled(search.trim(), 300);
  // The bank is searched one of the quiz's grades at a time: other grades' questions never count.
  const effectiveGrade = grades.some((g) => g._id === gradeId) ? gradeId : (grades[0]?._id ?? '');
  const bank = useBankQuestions(
    { search: settledSearch, gradeId: effectiveGrade, phaseId, page },
    effectiveGrade !== '' && phaseId !== '',
  );
  const pickedIds = new Set(picked.map((q) => q._id));
  const drawable = (q: Pick<PickedQuestion, 'status' | 'tag'>) =>
    q.status === 'Active' && (q.tag === 'BOTH' || q.tag === kind);
  const forbidden = bank.error instanceof HttpError && bank.error.status === 403;
  return (
    <div className="stack" data-testid="qz-picker">
      <div data-problem={error ? true : undefined}>
        <h3 className="field__label">
          Picked ({picked.length}){error ? <span className="field__error"> — {error}</span> : null}
        </h3>
        {picked.length === 0 ? (
          <p className="muted">No questions picked yet: search the bank below.</p>
        ) : null}
        <ol className="qz-picked" data-testid="qz-picked">
          {picked.map((q) => (
            <li key={q._id} className="qz-question">
              <span className="qz-question__text">
                <strong>
                  #{q.questionNo} · {q.grade.title}
                </strong>
                {drawable(q) ? null : (
                  <span className="field__error">
                    Not drawn for a {KIND_LABELS[kind].toLowerCase()} quiz (
                    {q.status === 'Inactive' ? 'inactive' : `tagged ${q.tag.toLowerCase()}`})
                  </span>
                )}
                <span className="qz-question__preview">{q.preview}</span>
              </span>
              <Button
                small
                variant="ghost"
                className="qz-danger"
                onClick={() => onChange(picked.filter((x) => x._id !== q._id))}
                aria-label={`Remove question ${q.questionNo}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      </div>
      <div className="qz-grid">
        <TextField
          label="Search the question bank"
          type="search"
          placeholder="Question text or number"
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          data-testid="qz-bank-search"
        />
        <SelectField
          label="Grade"
          value={effectiveGrade}
          disabled={grades.length === 0}
          onChange={(event) => {
            setGradeId(event.target.value);
            setPage(1);
          }}
        >
          {grades.length === 0 ? <option value="">Choose the quiz&apos;s grades first</option> : null}
          {grades.map((g) => (
            <option key={g._id} value={g._id}>
              {g.title}
            </option>
          ))}
        </SelectField>
      </div>
      {effectiveGrade === '' || phaseId === '' ? (
        <p className="muted">Choose the quiz&apos;s phase and grades to search the bank.</p>
      ) : null}
      {bank.isFetching ? <Spinner label="Searching…" /> : null}
      {forbidden ? (
        <Alert tone="warning">Searching the bank needs permission to read questions.</Alert>
      ) : bank.isError ? (
        <Alert tone="error">
          <p>The question bank could not be searched.</p>
          <Button small variant="secondary" onClick={() => void bank.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {bank.data !== undefined ? (
        <>
          {bank.data.data.length === 0 ? <p className="muted">No questions match.</p> : null}
          <ul className="qz-bank" data-testid="qz-bank" aria-busy={bank.isFetching}>
            {bank.data.data.map((q) => (
              <li key={q._id} className="qz-question">
                <span className="qz-question__text">
                  <strong>
                    #{q.questionNo} · {q.grade.title} · {q.tag === 'BOTH' ? 'Both' : KIND_LABELS[q.tag]}
                    {q.status === 'Inactive' ? ' · Inactive' : ''}
                  </strong>
                  {drawable(q) ? null : (
                    <span className="field__error">
                      Not drawn for a {KIND_LABELS[kind].toLowerCase()} quiz
                    </span>
                  )}
                  <span className="qz-question__preview">{q.preview}</span>
                </span>
                <Button
                  small
                  variant="secondary"
                  disabled={pickedIds.has(q._id) || picked.length >= 2000}
                  onClick={() => onChange([...picked, q])}
                  aria-label={`Pick question ${q.questionNo}`}
                  data-testid="qz-bank-pick"
                >
                  {pickedIds.has(q._id) ? 'Picked' : 'Pick'}
                </Button>
              </li>
            ))}
          </ul>
          {bank.data.totalPages > 1 ? (
            <div className="qz-toolbar">
              <Button small variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="muted">
                Page {bank.data.currentPage} of {bank.data.totalPages}
              </span>
              <Button
                small
                variant="secondary"
                disabled={page >= bank.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function PoolPanel({
  waiting,
  loading,
  error,
  report,
  saveProblem,
}: {
  waiting: boolean;
  loading: boolean;
  error: Error | null;
  report: PoolReport | null;
  saveProblem: string | null;
}) {
  if (waiting) {
    return <p className="muted">Choose a phase, at least one grade and the counts to check the pool.</p>;
  }
  return (
    <div className="stack" aria-live="polite" aria-busy={loading}>
      {loading ? <Spinner label="Checking the pool…" /> : null}
      {error !== null ? <Alert tone="error">The pool could not be checked: {error.message}</Alert> : null}
      {saveProblem !== null ? <Alert tone="error">{saveProblem}</Alert> : null}
      {report !== null && error === null ? (
        <>
          <p className={report.sufficient ? '' : 'field__error'} data-testid="qz-pool-message">
            {report.message ?? 'Every grade can fill an attempt.'}
          </p>
          <ul className="qz-pool">
            {report.grades.map((g) => (
              <li
                key={g.gradeId}
                className={`qz-pool__grade ${g.shortBy > 0 ? 'qz-pool__grade--short' : ''}`}
                data-testid="qz-pool-grade"
              >
                <p>
                  <strong>{g.gradeTitle}</strong>:{' '}
                  {g.shortBy > 0
                    ? `${g.shortBy} short, ${g.available} of ${g.needed}`
                    : `${g.needed} of ${g.needed}`}{' '}
                  <span className="muted">({g.eligible} eligible)</span>
                </p>
                {g.rules.some((r) => r.shortBy > 0) ? (
                  <ul>
                    {g.rules
                      .filter((r) => r.shortBy > 0)
                      .map((r) => (
                        <li key={r.position}>
                          Rule {r.position} ({r.label}): {r.available} of {r.needed}
                        </li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
