import type { QuizKind } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { cancelPlay, fetchQuestion, playQuizKeys, submitAnswer } from '../../../shared/quiz/play-quiz-api';
import { errorCode, isUnauthorized, reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { questionUrl, resultsUrl } from '../../../shared/quiz/quiz-urls';
import { sessionActions } from '../../../shared/session/session-store';
import type { QuizRef } from '../../../shared/session/session-types';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { clearPlayTimers, formatClock, timerKey, timeTakenMs } from '../logic/quiz-timer';
import { answersToSend, canSubmit, feedbackReady, toggleOption } from '../logic/selection';
import { sendWithRetry } from '../logic/submit-retry';
import { Explanation, OptionList } from './question-parts';
import { useQuestionTimer } from './use-question-timer';

export const STOP_QUESTION = 'Are you sure you want to stop the quiz?';

interface QuestionScreenProps {
  kind: QuizKind;
  play: QuizRef;
  qno: number;
}

type SendState = 'idle' | 'sending' | 'reconnecting';

const slotOf = (kind: QuizKind) => (kind === 'CONTEST' ? 'contestQuiz' : 'practiceQuiz');

export function QuestionScreen({ kind, play, qno }: QuestionScreenProps) {
  const navigate = useNavigate();
  const practice = kind === 'PRACTICE';
  const questionId = play.questionIds[qno] ?? '';
  const count = play.questionIds.length;
  const limitMs = play.secondsPerQuestion * 1000;
  useDocumentTitle(`Question ${qno + 1} of ${count}`);

  const query = useQuery({
    queryKey: playQuizKeys.question(play._id, questionId),
    queryFn: async ({ signal }) => ({
      ...(await fetchQuestion(play._id, questionId, signal)),
      receivedAt: Date.now(),
    }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
  });
  const served = query.data ?? null;
  const timer = useQuestionTimer({ playId: play._id, questionId, practice, limitMs, timing: served });

  const [selected, setSelected] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  /** Practice: the answer is revealed and the clock stopped at this remaining time. */
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const [sendState, setSendState] = useState<SendState>('idle');
  const [stopping, setStopping] = useState<'closed' | 'open' | 'pending'>('closed');
  const sending = useRef(false);
  const autoSent = useRef(false);
  const left = useRef(false);
  useEffect(() => {
    // Set on every mount too: StrictMode mounts twice in development.
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);

  const finish = useCallback(async () => {
    clearPlayTimers(window.localStorage, play._id);
    sessionActions.setQuiz({ [slotOf(kind)]: null });
    await navigate(resultsUrl(play._id), { replace: true });
  }, [kind, navigate, play._id]);

  // A stale link: follow the server to the question that is current now.
  const error = query.error;
  useEffect(() => {
    if (error === null) {
      return;
    }
    const code = errorCode(error);
    if (code === 'PLAY_OVER') {
      void finish();
    } else if (code === 'ALREADY_ANSWERED') {
      void (qno + 1 >= count
        ? finish()
        : navigate(questionUrl(kind, play.quizId, qno + 1), { replace: true }));
    } else if (code === 'NOT_CURRENT' && qno > 0) {
      void navigate(questionUrl(kind, play.quizId, qno - 1), { replace: true });
    } else {
      reportPlayQuizError(error, navigate);
    }
  }, [error, finish, navigate, kind, play.quizId, qno, count]);

  const question = served?.question ?? null;
  const remaining = revealedAt ?? timer.remaining ?? limitMs;
  const answers = question === null ? [] : answersToSend(question.type, selected, typed);

  const submit = useCallback(async () => {
    if (sending.current || question === null) {
      return;
    }
    sending.current = true;
    setSendState('sending');
    const body = {
      playId: play._id,
      questionId,
      answers: answersToSend(question.type, selected, typed),
      timeTaken: timeTakenMs(limitMs, revealedAt ?? timer.remaining ?? 0),
    };
    try {
      const result = await sendWithRetry(() => submitAnswer(body), {
        onRetrying: () => setSendState('reconnecting'),
        isCancelled: () => left.current,
      });
      window.localStorage.removeItem(timerKey(play._id, questionId));
      if (result.finished || result.nextIndex >= count) {
        await finish();
      } else {
        await navigate(questionUrl(kind, play.quizId, result.nextIndex), { replace: true });
      }
    } catch (failure) {
      sending.current = false;
      setSendState('idle');
      if (errorCode(failure) === 'PLAY_OVER') {
        await finish();
        return;
      }
      reportPlayQuizError(failure, navigate);
    }
  }, [
    question,
    play,
    questionId,
    selected,
    typed,
    limitMs,
    revealedAt,
    timer.remaining,
    count,
    finish,
    navigate,
    kind,
  ]);

  // Spec §4: when the time is up the current selection is sent by itself (once).
  const timeUp = timer.remaining === 0 && revealedAt === null;
  useEffect(() => {
    if (timeUp && !autoSent.current && question !== null) {
      autoSent.current = true;
      void submit();
    }
  }, [timeUp, question, submit]);

  const onPick = (optionId: string) => {
    if (question === null || revealedAt !== null || sending.current) {
      return;
    }
    const next = toggleOption(selected, optionId, question.selectMultiple);
    setSelected(next);
    if (practice && feedbackReady(next.length, question.correctAnswerList.length)) {
      setRevealedAt(timer.remaining ?? 0);
    }
  };

  const stop = async () => {
    setStopping('pending');
    try {
      await cancelPlay(play._id);
      clearPlayTimers(window.localStorage, play._id);
      sessionActions.setQuiz({ practiceQuiz: null });
      await navigate(paths.dashboard, { replace: true });
    } catch (failure) {
      setStopping('open');
      reportPlayQuizError(failure, navigate);
    }
  };

  if (query.isPending) {
    return <LoadingBlock label="Loading the question…" />;
  }
  if (question === null || served === null) {
    return (
      <Alert tone="error" data-testid="question-error">
        {isUnauthorized(error) ? 'Please log in to continue.' : 'The question could not be loaded.'}{' '}
        <Button small variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const openEndedPractice = practice && question.type === 'Open Ended';
  const revealed = revealedAt !== null;
  const inFlight = sendState !== 'idle';
  const enabled = canSubmit({ inFlight, remainingMs: remaining, hasAnswer: answers.length > 0 || revealed });
  const label = revealed ? 'Next' : openEndedPractice && remaining > 0 ? 'Check' : 'Submit';
  const onPrimary = () => {
    if (openEndedPractice && !revealed && remaining > 0) {
      setRevealedAt(timer.remaining ?? 0);
      return;
    }
    void submit();
  };
  const clockTone = remaining <= 10_000 ? 'quiz-timer--low' : remaining <= 60_000 ? 'quiz-timer--warn' : '';

  return (
    <div className="quiz-question stack" data-testid="question-screen">
      <div className="quiz-question__bar">
        <p className="quiz-question__count">
          <span className="muted">{play.title}</span>
          <strong data-testid="question-number">
            Question {qno + 1} of {count}
          </strong>
        </p>
        <p className={`quiz-timer ${clockTone}`.trim()}>
          <span className="visually-hidden">Time left </span>
          <span data-testid="quiz-timer">{formatClock(remaining)}</span>
          {timer.paused ? <span className="quiz-timer__paused"> paused</span> : null}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="timer-announcement">
        {timer.announcement}
      </p>

      {timer.paused ? (
        <div className="card quiz-paused" data-testid="quiz-paused">
          <h2>Paused</h2>
          <p className="muted">The question is hidden while the clock is stopped.</p>
        </div>
      ) : (
        <section className="card stack" aria-label={`Question ${qno + 1}`}>
          <RichTextView html={question.question} className="quiz-question__text" />
          {question.questionImage ? (
            <img
              className="quiz-question__image"
              src={question.questionImage}
              alt="Drawing for the question"
            />
          ) : null}
          {question.type === 'MCQs' ? (
            <OptionList
              options={question.questionOptions}
              selected={selected}
              multiple={question.selectMultiple}
              correct={revealed ? question.correctAnswerList : null}
              disabled={revealed || inFlight}
              onPick={onPick}
            />
          ) : (
            <TextField
              label="Your answer"
              className="quiz-answer"
              data-testid="open-answer"
              value={typed}
              maxLength={200}
              autoComplete="off"
              disabled={revealed || inFlight}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && enabled) {
                  onPrimary();
                }
              }}
            />
          )}
          {revealed ? <Explanation question={question} typed={typed} /> : null}
        </section>
      )}

      {sendState === 'reconnecting' ? (
        <Alert tone="warning" data-testid="reconnecting">
          Reconnecting… Your answer is kept and will be sent as soon as the connection is back.
        </Alert>
      ) : null}

      <div className="quiz-question__actions">
        <Button
          onClick={onPrimary}
          disabled={!enabled || timer.paused}
          data-testid="quiz-submit"
          className="quiz-question__primary"
        >
          {sendState === 'sending' ? 'Sending…' : sendState === 'reconnecting' ? 'Reconnecting…' : label}
        </Button>
        {practice ? (
          <>
            {timer.paused ? (
              <Button variant="secondary" onClick={timer.resume} data-testid="quiz-resume">
                Resume
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={timer.pause}
                disabled={revealed || inFlight}
                data-testid="quiz-pause"
              >
                Pause
              </Button>
            )}
            <Button
              variant="ghost"
              onClick={() => setStopping('open')}
              disabled={inFlight}
              data-testid="quiz-stop"
            >
              Stop
            </Button>
          </>
        ) : null}
      </div>

      {stopping !== 'closed' ? (
        <ConfirmDialog
          title="Stop the quiz"
          confirmLabel="Stop the quiz"
          pending={stopping === 'pending'}
          onConfirm={() => void stop()}
          onClose={() => setStopping('closed')}
        >
          <p>{STOP_QUESTION}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
