import type { QuizKind } from '@riyazi/api/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { submitAnswer } from '../../../shared/quiz/play-quiz-api';
import { errorCode, reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { questionUrl, resultsUrl } from '../../../shared/quiz/quiz-urls';
import { sessionActions } from '../../../shared/session/session-store';
import type { QuizRef } from '../../../shared/session/session-types';
import {
  clearPending,
  type DeliveryStatus,
  type PendingAnswer,
  readPending,
  statusAfterAck,
  statusWhileFailing,
  writePending,
} from '../logic/answer-outbox';
import { clearPlayTimers, monotonicNow } from '../logic/quiz-timer';
import { serverClock } from '../logic/server-clock';
import { isRetryable, sendWithRetry } from '../logic/submit-retry';
import { handOverQuestion } from './use-question-timer';

/** A request the network swallowed without an answer counts as lost after this long. */
const SUBMIT_TIMEOUT_MS = 15_000;

const slotOf = (kind: QuizKind) => (kind === 'CONTEST' ? 'contestQuiz' : 'practiceQuiz');

/** Ends the play on this device: its timers go, the session forgets it, the results show. */
export function useFinishPlay(kind: QuizKind, playId: string) {
  const navigate = useNavigate();
  return useCallback(async () => {
    clearPlayTimers(window.localStorage, playId);
    sessionActions.setQuiz({ [slotOf(kind)]: null });
    await navigate(resultsUrl(playId), { replace: true });
  }, [kind, navigate, playId]);
}

/**
 * Follows the server when it refuses question `qno` (a stale link, or a question its deadline
 * sweep closed): to the results, the next or the current question; anything else is reported.
 */
export function useFollowRefusal(kind: QuizKind, play: QuizRef, qno: number) {
  const navigate = useNavigate();
  const finish = useFinishPlay(kind, play._id);
  const count = play.questionIds.length;
  return useCallback(
    (error: unknown) => {
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
    },
    [finish, navigate, kind, play.quizId, qno, count],
  );
}

export interface AnswerDelivery {
  status: DeliveryStatus;
  /** The question (qno) the status speaks of. */
  statusQno: number | null;
  /** The answer on its way to the server, or null: while set, the question cannot be answered again. */
  waiting: PendingAnswer | null;
  /**
   * An answer found on the device when the play opened is being resent before anything else (and
   * its question is still on the page's URL): no question screen meanwhile.
   */
  resuming: boolean;
  deliver: (pending: PendingAnswer) => void;
}

/**
 * Delivers answers: each is kept on the device (localStorage, per student and play) until the
 * server acknowledges it, and sent again with backoff, or at once when the phone is back online.
 */
export function useAnswerDelivery(
  studentId: number,
  kind: QuizKind,
  play: QuizRef,
  /** The question on screen now (the page's URL). */
  qno: number,
): AnswerDelivery {
  const navigate = useNavigate();
  const finish = useFinishPlay(kind, play._id);
  const [initial] = useState(() => readPending(window.localStorage, studentId, play._id));
  const [waiting, setWaiting] = useState<PendingAnswer | null>(initial);
  const [resuming, setResuming] = useState(initial !== null);
  const [report, setReport] = useState<{ status: DeliveryStatus; qno: number | null }>({
    status: initial === null ? 'idle' : 'sending',
    qno: initial?.qno ?? null,
  });
  /** The question whose answer was acknowledged last (the page moves on from it). */
  const [acked, setAcked] = useState<number | null>(null);
  const alive = useRef(true);
  const inFlight = useRef(false);

  useEffect(() => {
    if (acked !== null && acked !== qno) {
      setResuming(false);
      setAcked(null);
    }
  }, [acked, qno]);

  const run = useCallback(
    async (pending: PendingAnswer) => {
      if (inFlight.current) {
        return;
      }
      inFlight.current = true;
      const storage = window.localStorage;
      writePending(storage, studentId, pending);
      setWaiting(pending);
      setReport({ status: 'sending', qno: pending.qno });
      try {
        // The round trip that brought the next question (the last try's), for its clock.
        let sentAt = 0;
        const result = await sendWithRetry(
          () => {
            sentAt = monotonicNow();
            return submitAnswer(
              {
                playId: pending.playId,
                questionId: pending.questionId,
                answers: pending.answers,
                timeTaken: pending.timeTaken,
                includeNext: true,
              },
              AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
            );
          },
          {
            onRetrying: () => {
              if (alive.current) {
                setReport({ status: statusWhileFailing(pending, serverClock.now()), qno: pending.qno });
              }
            },
            isCancelled: () => !alive.current,
          },
        );
        const receivedAt = monotonicNow();
        clearPending(storage, studentId, pending.playId);
        if (!alive.current) {
          return;
        }
        if (result.next) {
          serverClock.note(result.next.serverTime, sentAt, receivedAt);
          handOverQuestion(pending.playId, { ...result.next, sentAt, receivedAt });
        }
        setReport({ status: statusAfterAck(result.outcome, pending), qno: pending.qno });
        setWaiting(null);
        // A resumed answer's screen stays hidden until the page has moved on (the router's move is
        // a transition, rendered after this): shown, it would ask for its question, answered now.
        setAcked(pending.qno);
        if (result.finished || result.nextIndex >= play.questionIds.length) {
          await finish();
        } else {
          await navigate(questionUrl(kind, play.quizId, result.nextIndex), { replace: true });
        }
      } catch (failure) {
        // Left the screen while offline: the answer stays on the device for the next visit.
        if (!alive.current && isRetryable(failure)) {
          return;
        }
        clearPending(storage, studentId, pending.playId);
        setWaiting(null);
        setResuming(false);
        setReport({ status: 'idle', qno: null });
        if (errorCode(failure) === 'PLAY_OVER') {
          await finish();
          return;
        }
        reportPlayQuizError(failure, navigate);
      } finally {
        inFlight.current = false;
      }
    },
    [studentId, play, kind, finish, navigate],
  );

  useEffect(() => {
    alive.current = true;
    const stored = readPending(window.localStorage, studentId, play._id);
    if (stored !== null) {
      void run(stored);
    }
    return () => {
      alive.current = false;
    };
  }, [studentId, play._id, run]);

  return {
    status: report.status,
    statusQno: report.qno,
    waiting,
    resuming: resuming && (waiting !== null || acked === qno),
    deliver: useCallback((pending: PendingAnswer) => void run(pending), [run]),
  };
}
