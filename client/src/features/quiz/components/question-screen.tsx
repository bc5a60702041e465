import type { QuizKind } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, type MessageKey, useLanguage, useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { cancelPlay, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { isUnauthorized, reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { sessionActions } from '../../../shared/session/session-store';
import type { QuizRef } from '../../../shared/session/session-types';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import type { PendingAnswer } from '../logic/answer-outbox';
import { localizeQuestion } from '../logic/localize-question';
import { type AnnouncedMark, clearPlayTimers, formatClock, timeTakenMs } from '../logic/quiz-timer';
import { answersToSend, canSubmit, feedbackReady, toggleOption } from '../logic/selection';
import { backoffDelay, retryQuestionFetch } from '../logic/submit-retry';
import { RanOutNotice, TimeUpOffline } from './question-notices';
import { Explanation, OptionList, textDirection } from './question-parts';
import { type AnswerDelivery, useFollowRefusal } from './use-answer-delivery';
import { servedOrFetched, useQuestionTimer } from './use-question-timer';
import { useTimeUp } from './use-time-up';

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
  const follow = useFollowRefusal(kind, play, qno);

  const query = useQuery({
    queryKey: playQuizKeys.question(play._id, questionId),
    queryFn: ({ signal }) => servedOrFetched(play._id, questionId, signal),
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  // A stale link: follow the server to the question that is current now.
  const error = query.error;
  useEffect(() => {
    if (error !== null) {
      follow(error);
    }
  }, [error, follow]);

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
      // A practice answer may arrive late (the server accepts it): it never expires.
      deadline: practice ? null : Date.parse(served.deadline),
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

  // Spec §4: when the time is up the current selection is sent by itself; nothing chosen, the server decides.
  const timeUp = useTimeUp({
    timeUp: timer.remaining === 0 && revealedAt === null,
    hasAnswer: answers.length > 0,
    idle: question === null || waiting || timer.paused,
    check: timer.check,
    send: submit,
    follow,
  });

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
    inFlight: waiting || (timeUp.checking && answers.length === 0),
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
      {timeUp.offline ? <TimeUpOffline /> : null}

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
