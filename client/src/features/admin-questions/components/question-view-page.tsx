import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { OptionCard, OptionCards, QuestionFigure } from '../../../shared/ui/option-card';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import type { Question } from '../api/questions-api';
import { useQuestion, useQuestionOptions, useServedQuestion } from '../api/use-questions';
import { TAG_LABELS } from './question-query';
import './questions.css';

/** The list's query string, when the visitor came from the list: back returns to the same filters. */
function listSearchFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('?') ? state.from : '';
  }
  return '';
}

export function QuestionViewPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const detail = useQuestion(id);
  const backHref = `${adminPagePath('questions')}${listSearchFrom(location.state)}`;
  return (
    <div className="stack">
      <Link to={backHref} className="back-link" data-testid="question-back">
        <span aria-hidden="true">←</span> All questions
      </Link>
      <RecordStatus query={detail} title="Question" noun="question" />
      {detail.isSuccess ? <QuestionView question={detail.data} /> : null}
    </div>
  );
}

function QuestionView({ question }: { question: Question }) {
  const names = useQuestionOptions(question.categoryId);
  const nameOf = <T extends { _id: string }>(rows: T[], id: string, label: (row: T) => string) => {
    const row = rows.find((r) => r._id === id);
    return row === undefined ? '…' : label(row);
  };
  const phases = question.phaseIds.map((id) => nameOf(names.phases, id, (p) => p.name));
  const isMcq = question.type === 'MCQs';
  return (
    <>
      <div className="spread-row q-view-title">
        <PageHeading title={`Question ${question.questionNo}`} />
        <ButtonLink
          variant="secondary"
          to={adminPagePath('questionEdit', { id: question._id })}
          data-testid="question-edit"
        >
          Edit
        </ButtonLink>
      </div>
      <div className="q-view-layout">
        <StudentPreview id={question._id} />
        <Card className="stack" aria-labelledby="q-details-title">
          <h2 id="q-details-title" className="card__title">
            Details
          </h2>
          <dl className="q-meta" data-testid="question-meta">
            <Meta term="Grade">{nameOf(names.grades, question.gradeId, (g) => g.title)}</Meta>
            <Meta term="Category">{nameOf(names.categories, question.categoryId, (c) => c.name)}</Meta>
            <Meta term="Sub category">
              {nameOf(names.subCategories, question.subCategoryId, (s) => s.name)}
            </Meta>
            <Meta term="Tag">{TAG_LABELS[question.tags]}</Meta>
            <Meta term="Phases">{phases.length > 0 ? phases.join(', ') : 'None'}</Meta>
            <Meta term="Type">
              {question.type}
              {isMcq && question.selectMultiple ? ' (several answers)' : ''}
            </Meta>
            <Meta term="Status">{question.status}</Meta>
            <Meta term="Score">{question.score}</Meta>
            <Meta term="Times used">{question.usageCount}</Meta>
            <Meta term="Internal comments">
              {question.commentsForInternalPurpose ? (
                <span className="q-comments">{question.commentsForInternalPurpose}</span>
              ) : (
                <span className="muted">None</span>
              )}
            </Meta>
            <Meta term="Urdu text">
              {question.questionUrdu ? (
                <div dir="rtl" lang="ur" data-testid="question-urdu">
                  <RichTextView html={question.questionUrdu} />
                </div>
              ) : (
                <span className="muted">None</span>
              )}
            </Meta>
          </dl>
        </Card>
      </div>
    </>
  );
}

function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The question exactly as the api serves it to a student (spec §3), answers and hint marked. */
function StudentPreview({ id }: { id: string }) {
  const served = useServedQuestion(id);
  if (served.isPending) {
    return (
      <Card aria-label="As a student sees it">
        <LoadingBlock label="Loading the student view…" />
      </Card>
    );
  }
  if (served.isError) {
    return (
      <Card aria-label="As a student sees it">
        <Alert tone="error">
          <p>The student view could not be loaded.</p>
          <Button small variant="secondary" onClick={() => void served.refetch()}>
            Try again
          </Button>
        </Alert>
      </Card>
    );
  }
  const question = served.data;
  const isMcq = question.type === 'MCQs';
  const hasHint =
    question.answerHintText.trim() !== '' ||
    question.answerHintImage !== null ||
    question.answerHintVideo !== null;
  return (
    <Card className="stack" aria-label="As a student sees it" data-testid="question-preview">
      <RichTextView html={question.question} className="q-text" />
      <QuestionFigure src={question.questionImage} alt="Question figure" />
      {isMcq ? (
        <OptionCards label={question.selectMultiple ? 'Options (choose all that apply)' : 'Options'}>
          {question.questionOptions.map((option) => {
            const correct = question.correctAnswerList.includes(option._id);
            return (
              <OptionCard
                key={option._id}
                option={option}
                tone={correct ? 'correct' : 'plain'}
                testId="question-option"
                data={{ 'data-correct': correct }}
                marks={correct ? <span className="q-option__mark">✓ Correct</span> : null}
              />
            );
          })}
        </OptionCards>
      ) : (
        <section className="stack" aria-labelledby="q-answers-title">
          <h2 id="q-answers-title" className="card__title">
            Accepted answers
          </h2>
          <p className="muted">Students type their answer in a box.</p>
          <ul className="q-answers" data-testid="question-accepted-answers">
            {question.acceptedAnswers.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="stack" aria-labelledby="q-hint-title">
        <h2 id="q-hint-title" className="card__title">
          Hint
        </h2>
        {hasHint ? null : <p className="muted">No hint.</p>}
        {question.answerHintText.trim() === '' ? null : <RichTextView html={question.answerHintText} />}
        <QuestionFigure src={question.answerHintImage} alt="Hint figure" />
        {question.answerHintVideo !== null ? (
          <a href={question.answerHintVideo} target="_blank" rel="noopener noreferrer">
            Watch the hint video
          </a>
        ) : null}
      </section>
    </Card>
  );
}
