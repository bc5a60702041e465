import { ANSWER_GRACE_MS, type QuizKind } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, type MessageKey, useLanguage, useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { cancelPlay, fetchQuestion, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { errorCode, isUnauthorized, reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { questionUrl } from '../../../shared/quiz/quiz-urls';
import { sessionActions } from '../../../shared/session/session-store';
import type { QuizRef } from '../../../shared/session/session-types';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import type { PendingAnswer } from '../logic/answer-outbox';
import { localizeQuestion } from '../logic/localize-question';
import {
  type AnnouncedMark,
  clearPlayTimers,
  formatClock,
  localDeadline,
  timeTakenMs,
} from '../logic/quiz-timer';
import { answersToSend, canSubmit, feedbackReady, toggleOption } from '../logic/selection';
import { backoffDelay, retryQuestionFetch } from '../logic/submit-retry';
import { Explanation, OptionList, textDirection } from './question-parts';
import type { AnswerDelivery } from './use-answer-delivery';
import { useFinishPlay } from './use-answer-delivery';
import { useQuestionTimer } from './use-question-timer';

interface QuestionScreenProps {
  kind: QuizKind;
  play: QuizRef;
  qno: number;
  delivery: AnswerDelivery;
}

const TIMER_TEXT: Record<AnnouncedMark, MessageKey> = {
  60: 'quiz.timer.left60',
  30: 'quiz.timer.left30',
  10: 'quiz.timer.left10',
};

/** A practice answer may arrive late (the server accepts it): it never expires on the device. */
const NEVER = Number.MAX_SAFE_INTEGER;

export function QuestionScreen({ kind, play, qno, delivery }: QuestionScreenProps) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const practice = kind === 'PRACTICE';
  const questionId = play.questionIds[qno] ?? '';
  const count = play.questionIds.length;
  const limitMs = play.secondsPerQuestion * 1000;
  const heading = t('quiz.question.heading', { number: qno + 1, count });
  useDocumentTitle(heading);
  const finish = useFinishPlay(kind, play._id);

  const query = useQuery({
    queryKey: playQuizKeys.question(play._id, questionId),
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const served = await fetchQuestion(play._id, questionId, signal);
      return { ...served, sentAt, receivedAt: Date.now() };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
    retry: retryQuestionFetch,
    retryDelay: (failures) => backoffDelay(failures + 1),
  });
  const served = query.data ?? null;
  const timer = useQuestionTimer({ playId: play._id, questionId, practice, limitMs, timing: served });

  const [selected, setSelected] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  /** Practice: the answer is revealed and the clock stopped at this remaining time. */
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const [stopping, setStopping] = useState<'closed' | 'open' | 'pending'>('closed');
  const autoSent = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

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

  const localized = useMemo(
    () => (served === null ? null : localizeQuestion(served.question, language)),
    [served, language],
  );
  const question = localized?.question ?? null;

  // A new question takes the keyboard focus on its heading, so a screen reader starts there.
  const loadedId = question?._id ?? null;
  useEffect(() => {
    if (loadedId !== null) {
      headingRef.current?.focus();
    }
  }, [loadedId]);

  const waiting = delivery.waiting !== null && delivery.waiting.questionId === questionId;
  const remaining = revealedAt ?? timer.remaining ?? limitMs;
  const answers = question === null ? [] : answersToSend(question.type, selected, typed);

  /** After answering, the focus stays on the chosen option (or the typed answer), never on the page body. */
  const keepFocusOnAnswer = useCallback(() => {
    const body = bodyRef.current;
    const target =
      body?.querySelector<HTMLElement>('input[data-testid="quiz-option"]:checked') ??
      body?.querySelector<HTMLElement>('[data-testid="open-answer"]');
    target?.focus();
  }, []);

  const submit = useCallback(() => {
    if (delivery.waiting !== null || question === null || served === null) {
      return;
    }
    keepFocusOnAnswer();
    const pending: PendingAnswer = {
      playId: play._id,
      questionId,
      qno,
      answers: answersToSend(question.type, selected, typed),
      timeTaken: timeTakenMs(limitMs, revealedAt ?? timer.remaining ?? 0),
      expiresAt: practice ? NEVER : localDeadline(served, served.sentAt, served.receivedAt) + ANSWER_GRACE_MS,
    };
    delivery.deliver(pending);
  }, [
    delivery,
    question,
    served,
    keepFocusOnAnswer,
    play._id,
    questionId,
    qno,
    selected,
    typed,
    limitMs,
    revealedAt,
    timer.remaining,
    practice,
  ]);

  // Spec §4: when the time is up the current selection is sent by itself (once).
  const timeUp = timer.remaining === 0 && revealedAt === null;
  useEffect(() => {
    if (timeUp && !autoSent.current && question !== null) {
      autoSent.current = true;
      submit();
    }
  }, [timeUp, question, submit]);

  const locked = revealedAt !== null || waiting;
  const onPick = (optionId: string, viaArrows: boolean) => {
    if (question === null || locked) {
      return;
    }
    const next = toggleOption(selected, optionId, question.selectMultiple);
    setSelected(next);
    // Arrow keys move through the options choosing each: only a click or Space reveals the answer.
    if (practice && !viaArrows && feedbackReady(next.length, question.correctAnswerList.length)) {
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
    return <LoadingBlock label={t('quiz.question.loading')} />;
  }
  if (question === null || served === null || localized === null) {
    return (
      <Alert tone="error" data-testid="question-error">
        {isUnauthorized(error) ? t('quiz.question.logIn') : t('quiz.question.loadFailed')}{' '}
        <Button small variant="secondary" onClick={() => void query.refetch()}>
          {t('quiz.tryAgain')}
        </Button>
      </Alert>
    );
  }

  const revealed = revealedAt !== null;
  const enabled = canSubmit({
    inFlight: waiting,
    remainingMs: remaining,
    hasAnswer: answers.length > 0 || revealed,
  });
  const checking = practice && !revealed && remaining > 0;
  const label = waiting
    ? delivery.status === 'offline'
      ? t('quiz.delivery.waitingButton')
      : t('quiz.delivery.sending')
    : revealed
      ? t('quiz.question.next')
      : checking
        ? t('quiz.question.check')
        : t('quiz.question.submit');
  const onPrimary = () => {
    if (checking) {
      setRevealedAt(timer.remaining ?? 0);
      return;
    }
    submit();
  };
  const clockTone = remaining <= 10_000 ? 'quiz-timer--low' : remaining <= 60_000 ? 'quiz-timer--warn' : '';
  const urduStem = localized.urduParts.question;

  return (
    <div className="quiz-question stack" data-testid="question-screen">
      <div className="quiz-question__bar">
        <div className="quiz-question__count">
          <span className="muted quiz-question__title" data-testid="quiz-title">
            {play.title}
          </span>
          <h1 ref={headingRef} tabIndex={-1} className="quiz-question__heading" data-testid="question-number">
            {heading}
          </h1>
        </div>
        <p className={`quiz-timer ${clockTone}`.trim()}>
          <span className="visually-hidden">{t('quiz.timer.label')} </span>
          <Ltr>
            <span data-testid="quiz-timer">{formatClock(remaining)}</span>
          </Ltr>
          {timer.paused ? <span className="quiz-timer__paused"> {t('quiz.timer.paused')}</span> : null}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="timer-announcement">
        {timer.announcement === null ? '' : t(TIMER_TEXT[timer.announcement])}
      </p>
      <RanOutNotice ranOut={served.ranOut} delivery={delivery} />

      {timer.paused ? (
        <div className="card quiz-paused" data-testid="quiz-paused">
          <h2>{t('quiz.paused.title')}</h2>
          <p className="muted">{t('quiz.paused.text')}</p>
        </div>
      ) : (
        <section className="card stack" aria-labelledby={`${questionId}-heading`} ref={bodyRef}>
          <h2 id={`${questionId}-heading`} className="visually-hidden">
            {t('quiz.question.text', { number: qno + 1 })}
          </h2>
          <div {...textDirection(urduStem)}>
            <RichTextView html={question.question} className="quiz-question__text" />
          </div>
          {question.questionImage ? (
            <img
              className="quiz-question__image"
              src={question.questionImage}
              alt={t('quiz.question.image')}
            />
          ) : null}
          {question.type === 'MCQs' ? (
            <OptionList
              name={`${play._id}-${questionId}`}
              options={question.questionOptions}
              urduOptions={localized.urduParts.options}
              selected={selected}
              multiple={question.selectMultiple}
              correct={revealed ? question.correctAnswerList : null}
              locked={locked}
              onPick={onPick}
            />
          ) : (
            <TextField
              label={t('quiz.question.yourAnswer')}
              className="quiz-answer"
              data-testid="open-answer"
              value={typed}
              maxLength={200}
              autoComplete="off"
              dir="auto"
              readOnly={locked}
              aria-readonly={locked}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && enabled) {
                  onPrimary();
                }
              }}
            />
          )}
          {revealed ? (
            <Explanation question={question} typed={typed} urduHint={localized.urduParts.answerHintText} />
          ) : null}
        </section>
      )}

      <div className="quiz-question__actions">
        <Button
          onClick={onPrimary}
          disabled={!enabled || timer.paused}
          data-testid="quiz-submit"
          className="quiz-question__primary"
        >
          {label}
        </Button>
        {practice ? (
          <>
            {timer.paused ? (
              <Button
                variant="secondary"
                onClick={timer.resume}
                disabled={timer.switching}
                data-testid="quiz-resume"
              >
                {t('quiz.practice.resume')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={timer.pause}
                disabled={revealed || waiting || timer.switching}
                data-testid="quiz-pause"
              >
                {t('quiz.practice.pause')}
              </Button>
            )}
            <Button
              variant="ghost"
              onClick={() => setStopping('open')}
              disabled={waiting}
              data-testid="quiz-stop"
            >
              {t('quiz.practice.stop')}
            </Button>
          </>
        ) : null}
      </div>

      {stopping !== 'closed' ? (
        <ConfirmDialog
          title={t('quiz.practice.stopTitle')}
          confirmLabel={t('quiz.practice.stopTitle')}
          pending={stopping === 'pending'}
          onConfirm={() => void stop()}
          onClose={() => setStopping('closed')}
        >
          <p>{t('quiz.practice.stopQuestion')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * Questions that ran out before this one (say, while the tab was closed) are named, kindly, before
 * the child carries on; not again when the answer-status line already says its answer came too late.
 */
function RanOutNotice({ ranOut, delivery }: { ranOut: number[]; delivery: AnswerDelivery }) {
  const t = useT();
  const first = ranOut[0];
  const last = ranOut[ranOut.length - 1];
  if (first === undefined || last === undefined) {
    return null;
  }
  if (first === last && delivery.status === 'expired' && delivery.statusQno === first) {
    return null;
  }
  return (
    <Alert tone="info" data-testid="ran-out-notice">
      {first === last
        ? t('quiz.ranOut.one', { number: first + 1 })
        : t('quiz.ranOut.many', { first: first + 1, last: last + 1 })}
    </Alert>
  );
}
