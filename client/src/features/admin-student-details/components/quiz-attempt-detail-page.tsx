import type { WrongAnswer } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminPagePath, paths } from '../../../config/paths';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { useAdminAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/field';
import { OptionCard, OptionCards, QuestionFigure } from '../../../shared/ui/option-card';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Card } from '../../../shared/ui/surface';
import type { AttemptDetail, AttemptQuestion } from '../api/student-details-api';
import { useAttemptDetail, useWrongAnswers } from '../api/use-student-details';
import { formatDateTime, formatDuration, formatScore, OUTCOME_LABELS } from './student-format';
import './student-details.css';
import '../../../shared/ui/facts.css';

export function QuizAttemptDetailPage() {
  const { id = '' } = useParams();
  const detail = useAttemptDetail(id);
  return (
    <div className="stack">
      <RecordStatus query={detail} title="Quiz attempt" noun="quiz attempt" />
      {detail.isSuccess ? <AttemptView attempt={detail.data} /> : null}
    </div>
  );
}

/** The wrong-answer call's items, with the time and score the attempt detail has for each. */
function asAttemptQuestions(wrong: WrongAnswer[], all: AttemptQuestion[]): AttemptQuestion[] {
  const byIndex = new Map(all.map((q) => [q.index, q]));
  return wrong.map((w) => {
    const known = byIndex.get(w.index);
    return {
      index: w.index,
      question: w.question,
      selectedOptionIds: w.selectedOptionIds,
      answerText: w.answerText,
      outcome: w.outcome === 'NO_ANSWER' ? 'NO_ANSWER' : 'WRONG',
      timeTakenMs: known?.timeTakenMs ?? null,
      score: known?.score ?? null,
      servedAt: known?.servedAt ?? null,
      answeredAt: known?.answeredAt ?? null,
    };
  });
}

function AttemptView({ attempt }: { attempt: AttemptDetail }) {
  const { play } = attempt;
  const [wrongOnly, setWrongOnly] = useState(false);
  // Script admin's rescore (a key fixed after the play) is for Super Admins only.
  const superAdmin = useAdminAuth()?.isSuperAdmin === true;
  const wrong = useWrongAnswers(play._id, wrongOnly);
  const shown = wrongOnly
    ? wrong.data === undefined
      ? null
      : asAttemptQuestions(wrong.data, attempt.questions)
    : attempt.questions;
  return (
    <>
      <Link
        to={`${adminPagePath('studentAttempts', { id: play.student._id })}?type=${play.kind}`}
        className="back-link"
      >
        <span aria-hidden="true">←</span> {play.student.fullName}'s{' '}
        {play.kind === 'CONTEST' ? 'contest' : 'practice'} attempts
      </Link>
      <PageHeading title={play.quizTitle}>
        {play.student.fullName} · {play.phase.name} · {play.kind === 'CONTEST' ? 'Contest' : 'Practice'}
      </PageHeading>
      {superAdmin && play.status === 'FINISHED' ? (
        <div className="sd-actions">
          <ButtonLink
            small
            variant="secondary"
            to={`${paths.admin.scriptAdmin}?${new URLSearchParams({ playId: play._id })}`}
            data-testid="attempt-rescore"
          >
            Rescore this play
          </ButtonLink>
        </div>
      ) : null}
      <Card>
        <dl className="facts sd-facts sd-facts--summary" data-testid="attempt-summary">
          <div>
            <dt>Score</dt>
            <dd>{formatScore(play.score)}</dd>
          </div>
          <div>
            <dt>Correct</dt>
            <dd>
              {play.correctCount} / {play.questionCount}
            </dd>
          </div>
          <div>
            <dt>Total time</dt>
            <dd>{formatDuration(play.totalTimeMs)}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(play.startedAt)}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>
              {play.finishedAt === null
                ? play.status === 'CANCELLED'
                  ? 'Stopped'
                  : 'Not yet'
                : formatDateTime(play.finishedAt)}
            </dd>
          </div>
        </dl>
      </Card>
      <Switch
        label="Wrong answers only"
        hint="Wrong and unanswered questions."
        checked={wrongOnly}
        onCheckedChange={setWrongOnly}
        data-testid="attempt-wrong-only"
      />
      {shown === null ? (
        <p className="muted" role={wrong.isError ? 'alert' : 'status'} data-testid="attempt-wrong-status">
          {wrong.isError ? 'The wrong answers could not be loaded.' : 'Loading wrong answers…'}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="attempt-none">
          {wrongOnly ? 'No wrong answers in this attempt.' : 'This attempt has no questions.'}
        </p>
      ) : (
        <ol className="sd-questions">
          {shown.map((q) => (
            <QuestionCard key={q.question._id} item={q} />
          ))}
        </ol>
      )}
    </>
  );
}

function QuestionCard({ item }: { item: AttemptQuestion }) {
  const { question } = item;
  const chosen = new Set(item.selectedOptionIds);
  const correct = new Set(question.correctAnswerList);
  return (
    <li className="card sd-question stack" data-testid="attempt-question" data-outcome={item.outcome}>
      <header className="sd-question__head">
        <h2 className="sd-question__title">Question {item.index + 1}</h2>
        <span
          className={`sd-outcome sd-outcome--${item.outcome.toLowerCase()}`}
          data-testid="attempt-outcome"
        >
          {OUTCOME_LABELS[item.outcome]}
        </span>
        <span className="muted">
          {formatDuration(item.timeTakenMs)} · score {formatScore(item.score)}
        </span>
      </header>
      <RichTextView html={question.question} className="sd-question__text" />
      <QuestionFigure src={question.questionImage} alt="Question figure" />
      {question.type === 'MCQs' ? (
        <OptionCards label={question.selectMultiple ? 'Options (several answers)' : 'Options'}>
          {question.questionOptions.map((option) => {
            const isChosen = chosen.has(option._id);
            const isCorrect = correct.has(option._id);
            return (
              <OptionCard
                key={option._id}
                option={option}
                tone={isCorrect ? 'correct' : isChosen ? 'wrong' : 'plain'}
                testId="attempt-option"
                data={{ 'data-chosen': isChosen, 'data-correct': isCorrect }}
                marks={
                  <span className="sd-option__marks">
                    {isChosen ? <span className="sd-mark sd-mark--chosen">Chosen</span> : null}
                    {isCorrect ? <span className="sd-mark sd-mark--correct">✓ Correct</span> : null}
                  </span>
                }
              />
            );
          })}
        </OptionCards>
      ) : (
        <dl className="facts sd-facts sd-facts--two">
          <div>
            <dt>Answer given</dt>
            <dd data-testid="attempt-answer-text">
              {item.answerText ?? <span className="muted">None</span>}
            </dd>
          </div>
          <div>
            <dt>Accepted answers</dt>
            <dd>{question.acceptedAnswers.join(', ')}</dd>
          </div>
        </dl>
      )}
      {question.answerHintText.trim() !== '' ? (
        <details className="sd-hint">
          <summary>Hint</summary>
          <RichTextView html={question.answerHintText} />
          <QuestionFigure src={question.answerHintImage} alt="Hint figure" />
        </details>
      ) : null}
    </li>
  );
}
