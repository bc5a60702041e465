import { useState } from 'react';
import { HttpError } from '../../../shared/http/http-error';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Button } from '../../../shared/ui/button';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { Alert, Spinner } from '../../../shared/ui/surface';
import { KIND_LABELS, type PickedQuestion, type QuizKind, type QuizOptions } from '../api/quizzes-api';
import { useBankQuestions } from '../api/use-quizzes';
import { useSettled } from './use-settled';
import '../../../shared/admin-list/admin-list.css';

export function QuestionPicker({
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
              <div className="qz-question__text">
                <strong>
                  #{q.questionNo} · {q.grade.title}
                </strong>
                {drawable(q) ? null : (
                  <span className="field__error">
                    Not drawn for a {KIND_LABELS[kind].toLowerCase()} quiz (
                    {q.status === 'Inactive' ? 'inactive' : `tagged ${q.tag.toLowerCase()}`})
                  </span>
                )}
                <RichTextView html={q.previewHtml} className="qz-question__preview" />
              </div>
              <Button
                small
                variant="ghost"
                className="danger-action"
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
          <RecordOptions items={grades} label={(g) => g.title} />
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
                <div className="qz-question__text">
                  <strong>
                    #{q.questionNo} · {q.grade.title} · {q.tag === 'BOTH' ? 'Both' : KIND_LABELS[q.tag]}
                    {q.status === 'Inactive' ? ' · Inactive' : ''}
                  </strong>
                  {drawable(q) ? null : (
                    <span className="field__error">
                      Not drawn for a {KIND_LABELS[kind].toLowerCase()} quiz
                    </span>
                  )}
                  <RichTextView html={q.previewHtml} className="qz-question__preview" />
                </div>
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
            <div className="list-toolbar">
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
