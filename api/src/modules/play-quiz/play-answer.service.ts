import { serveQuestion as serveQuestionShape } from '#modules/questions';
import type { SubmitResult } from '../../contracts/play-quiz.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { afterCommit } from '../../lifecycle/after-commit.js';
import { answersReceived } from '../../metrics/metrics.js';
import { reportDispatchFailure } from '../../queue/outbox.js';
import type { AnswerToScore } from './play-engine.js';
import * as repo from './play-quiz.repository.js';
import { playClock, serveQuestion } from './play-serve.service.js';
import { type PlayDeps, refuse } from './play-shared.js';

// Children made once: the hot path does not build a labels object per call.
const answersOf = {
  CONTEST: answersReceived.labels('contest'),
  PRACTICE: answersReceived.labels('practice'),
};

export interface SubmitInput {
  playId: string;
  questionId: string;
  /** Option ids (or option objects with _id) for MCQs; one typed value for Open Ended. */
  answers: unknown[];
  /** The client's figure, already clamped to -1 … CLIENT_TIME_MAX_MS by the route's schema. */
  timeTaken?: number | undefined;
}

function answerValues(raw: unknown[]): string[] {
  return raw
    .map((item) => {
      if (typeof item === 'string' || typeof item === 'number') {
        return String(item);
      }
      if (item !== null && typeof item === 'object') {
        const object = item as Record<string, unknown>;
        const value = object._id ?? object.id ?? object.value ?? object.text;
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      }
      return '';
    })
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * After commit. The scoring job marks the answer's event enqueued; if Redis does not answer, the
 * outbox relay in workers enqueues the event on its own.
 */
function enqueueScoring({ engine, log }: PlayDeps, answer: AnswerToScore): Promise<void> {
  return engine.play.scoringJob(answer).then(
    () => undefined,
    (err: unknown) => reportDispatchFailure(log, err, answer.eventId),
  );
}

/**
 * POST /play-quiz/question/submit-answer: records the answer of the current question with the
 * server's own time taken and an outbox event for the scoring worker, in one statement. A
 * repeated submit (a retry after a lost response) returns the first result.
 */
export async function submitAnswer(
  deps: PlayDeps,
  studentId: string,
  input: SubmitInput,
): Promise<SubmitResult> {
  return (await recordSubmit(deps, studentId, input, false)).result;
}

/** submitAnswer's work; with serveNext, the statement that records the answer also serves the next question. */
async function recordSubmit(deps: PlayDeps, studentId: string, input: SubmitInput, serveNext: boolean) {
  const { db, engine } = deps;
  const now = new Date();
  const play = await engine.play.playStructure(input.playId);
  if (!play || play.studentId !== studentId) {
    throw notFound('Play not found');
  }
  const index = play.questions.findIndex((q) => q.questionId === input.questionId);
  if (index === -1) {
    throw notFound('This question is not part of the quiz');
  }
  const row = play.questions[index]!;
  const values = answerValues(input.answers);
  let selected: string[] = [];
  let answerText: string | null = null;
  if (row.questionType === 'MCQS') {
    const known = new Set(row.optionOrder);
    selected = [...new Set(values)].filter((id) => known.has(id));
    if (selected.length !== values.length) {
      throw new HttpError(400, 'answers: contains an option that is not part of this question', {
        errors: { answers: 'contains an option that is not part of this question' },
      });
    }
    if (!row.selectMultiple && selected.length > 1) {
      throw new HttpError(400, 'answers: choose one option', { errors: { answers: 'choose one option' } });
    }
  } else {
    if (values.length > 1) {
      throw new HttpError(400, 'answers: send one answer', { errors: { answers: 'send one answer' } });
    }
    answerText = values[0]?.slice(0, 200) ?? null;
  }
  const clientMs = input.timeTaken ?? null;
  const limitMs = play.secondsPerQuestion * 1000;
  // Contest: the server's clock only. Practice may pause, so the client's figure (bounded) is used.
  const recorded = await engine.play.recordAnswer({
    playId: input.playId,
    questionId: input.questionId,
    studentId,
    now,
    isContest: play.kind === 'CONTEST',
    limitMs,
    selectedOptionIds: selected,
    answerText,
    empty: selected.length === 0 && (answerText === null || answerText === ''),
    clientMs,
    clientAuditMs: clientMs,
    serveNext,
  });
  const total = play.questions.length;
  const firstResult = (outcome: 'ANSWERED' | 'NO_ANSWER', timeTakenMs: number, answered: number) => ({
    result: { recorded: false, outcome, timeTakenMs, nextIndex: answered, finished: answered === total },
    recorded,
    play,
  });
  if (recorded.existingOutcome !== null) {
    return firstResult(recorded.existingOutcome, recorded.existingTimeMs ?? 0, recorded.answeredBefore);
  }
  if (recorded.status === null) {
    throw notFound('Play not found');
  }
  if (recorded.status !== 'IN_PROGRESS') {
    throw refuse(409, 'This quiz is already over.', 'PLAY_OVER');
  }
  if (!recorded.served) {
    throw refuse(409, 'Answer the current question first.', 'NOT_CURRENT');
  }
  if (recorded.eventId === null || recorded.outcome === null) {
    // A simultaneous submit of the same answer (a retry racing the first) recorded it.
    const existing = await repo.answerOf(db, input.playId, input.questionId);
    return firstResult(
      existing?.outcome ?? 'NO_ANSWER',
      existing?.timeTakenMs ?? 0,
      recorded.answeredBefore + 1,
    );
  }
  // Acknowledge now and enqueue the scoring alongside; the scoring job marks the event enqueued,
  // and the outbox relay enqueues it anyway if this enqueue is lost.
  void afterCommit(
    enqueueScoring(deps, {
      eventId: recorded.eventId,
      playId: input.playId,
      questionId: input.questionId,
    }),
  );
  answersOf[play.kind].inc();
  const nextIndex = recorded.answeredBefore + 1;
  if (nextIndex === total) {
    // The play is over: its structure would sit here for the rest of its 30 minutes, ten thousand
    // of them after a contest start (a late retry of this answer reads it again).
    engine.play.playStructure.forget(input.playId);
  }
  const result: SubmitResult = {
    recorded: true,
    outcome: recorded.outcome,
    timeTakenMs: recorded.timeTakenMs ?? 0,
    nextIndex,
    finished: nextIndex === total,
  };
  return { result, recorded, play };
}

/**
 * POST /play-quiz/question/submit-answer with `includeNext`: the answer as submitAnswer records it,
 * and the next question served as GET /play-quiz/question serves it, so a phone makes one request
 * per question. The next question is served after the answer is recorded, so its clock starts as
 * the response leaves. A retry (its first response lost) gets the first result and the same next
 * question with the deadline it was given: the serve's rules (served once, a reload keeps the
 * deadline) hold as for a repeated GET. The next question is null when the play is finished, or
 * when it cannot be served now (the deadline sweep closed it or the play meanwhile): the client
 * then asks for it as before and follows the refusal.
 */
export async function submitAnswerAndServeNext(
  deps: PlayDeps,
  studentId: string,
  input: SubmitInput,
): Promise<SubmitResult> {
  const { result, recorded, play } = await recordSubmit(deps, studentId, input, true);
  if (result.finished) {
    return { ...result, next: null };
  }
  const nextRow = play.questions[result.nextIndex];
  if (nextRow === undefined) {
    return { ...result, next: null };
  }
  // The usual case, one statement: the answer was recorded now, answered on time, and its statement
  // served the next question. No question before the next one ran out (this one was answered).
  if (
    recorded.nextQuestionId === nextRow.questionId &&
    recorded.nextServedAt !== null &&
    recorded.nextDeadlineAt !== null &&
    result.outcome === 'ANSWERED'
  ) {
    const stored = await deps.engine.play.question(nextRow.questionId);
    if (stored) {
      return {
        ...result,
        next: {
          question: serveQuestionShape(stored, {
            servedId: nextRow.questionId,
            optionOrder: nextRow.optionOrder,
            revealAnswers: play.kind === 'PRACTICE',
          }),
          index: result.nextIndex,
          servedAt: recorded.nextServedAt.toISOString(),
          ...playClock(recorded.nextDeadlineAt, null),
          ranOut: [],
        },
      };
    }
  }
  // A retry, a late or empty answer, or a question served meanwhile: served as GET serves it
  // (serving again keeps the deadline it was given).
  try {
    return { ...result, next: await serveQuestion(deps, studentId, input.playId, nextRow.questionId) };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      return { ...result, next: null };
    }
    throw err;
  }
}
