import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import {
  bearer,
  deleteRedisKeys,
  loginStaff,
  makeStaff,
  resetDatabase,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import {
  expireOverdueQuestions,
  scoreRecordedAnswer,
  scoreStragglers,
} from '../src/modules/play-quiz/play-scoring.js';

const t = useTestContext();
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data
const OTHER = 'ayesha.khan@example.com'; // grade 5

let phaseId: string;
let contestQuizId: string;
let practiceQuizId: string;
let studentId: string;
let token: string;
let otherToken: string;

async function login(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email, password: DEMO_STUDENT_PASSWORD },
  });
  return res.json<{ accessToken: string }>().accessToken;
}

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  phaseId = (await t.db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow())
    .id;
  const grade3 = await t.db
    .selectFrom('grades')
    .select('id')
    .where('title', '=', 'Grade 3')
    .executeTakeFirstOrThrow();
  const quizOf = (kind: 'CONTEST' | 'PRACTICE') =>
    t.db
      .selectFrom('quizzes')
      .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
      .select('quizzes.id')
      .where('quizGrades.gradeId', '=', grade3.id)
      .where('quizzes.kind', '=', kind)
      .executeTakeFirstOrThrow();
  contestQuizId = (await quizOf('CONTEST')).id;
  practiceQuizId = (await quizOf('PRACTICE')).id;
  studentId = (
    await t.db.selectFrom('students').select('id').where('email', '=', STUDENT).executeTakeFirstOrThrow()
  ).id;
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('outboxEvents').execute();
  await t.db.updateTable('students').set({ contestAttempts: 2 }).execute();
  await t.db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phaseId).execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    isPracticeQuizEnabled: true,
    contestQuizPhase: phaseId,
    practiceQuizPhase: phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  token ??= await login(STUDENT);
  otherToken ??= await login(OTHER);
});
afterAll(async () => {
  await t.db.updateTable('students').set({ contestAttempts: 0 }).execute();
});

interface Started {
  play: {
    _id: string;
    questionCount: number;
    questions: { _id: string }[];
    currentIndex: number;
    practice: boolean;
  };
  resumed: boolean;
  contestAttempts: number;
}

async function start(type: 'CONTEST' | 'PRACTICE' = 'CONTEST') {
  const res = await call('POST', '/api/play-quiz/', {
    quizId: type === 'CONTEST' ? contestQuizId : practiceQuizId,
    type,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Started>();
}

const serve = (playId: string, questionId: string, as = token) =>
  call('GET', `/api/play-quiz/question?playId=${playId}&questionId=${questionId}`, undefined, as);

const submit = (playId: string, questionId: string, answers: unknown[], timeTaken = 1000, as = token) =>
  call('POST', '/api/play-quiz/question/submit-answer', { playId, questionId, answers, timeTaken }, as);

async function correctOptionIds(questionId: string) {
  return (
    await t.db
      .selectFrom('questionOptions')
      .select('id')
      .where('questionId', '=', questionId)
      .where('isCorrect', '=', true)
      .execute()
  ).map((o) => o.id);
}

/** A correct answer: the correct options, or an accepted answer of an open-ended question. */
async function rightAnswer(questionId: string): Promise<string[]> {
  const question = await t.db
    .selectFrom('questions')
    .select(['type', 'acceptedAnswers'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  return question.type === 'MCQS' ? correctOptionIds(questionId) : [question.acceptedAnswers[0]!];
}

/** Runs the deadline sweep and scores what it closes, as the workers would, until nothing is due. */
async function sweepUntilQuiet() {
  for (let pass = 0; pass < 20; pass += 1) {
    const events = await expireOverdueQuestions(t.db);
    for (const event of events) {
      await scoreRecordedAnswer(t.db, String(event.payload.playId), String(event.payload.questionId));
    }
    if (events.length === 0) {
      return;
    }
  }
}

describe('starting a play', () => {
  it('starts a contest with one attempt used, 15 distinct questions in a fixed order, and resumes it on a second start', async () => {
    const first = await start();
    expect(first.resumed).toBe(false);
    expect(first.contestAttempts).toBe(1);
    expect(first.play.questionCount).toBe(15);
    const ids = first.play.questions.map((q) => q._id);
    expect(new Set(ids).size).toBe(15);
    const again = await start();
    expect(again.resumed).toBe(true);
    expect(again.play._id).toBe(first.play._id);
    expect(again.play.questions.map((q) => q._id)).toEqual(ids);
    const student = await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.contestAttempts).toBe(1);
    // Only eligible questions: the student's grade, the quiz's phase, tagged CONTEST or BOTH, active.
    const drawn = await t.db
      .selectFrom('questions')
      .innerJoin('grades', 'grades.id', 'questions.gradeId')
      .select(['grades.title', 'questions.tag', 'questions.status'])
      .where('questions.id', 'in', ids)
      .execute();
    expect(drawn.every((q) => q.title === 'Grade 3' && q.tag !== 'PRACTICE' && q.status === 'ACTIVE')).toBe(
      true,
    );
  });

  it('makes exactly one play from two simultaneous starts with one attempt left', async () => {
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', studentId).execute();
    const [a, b] = await Promise.all([
      call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }),
      call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().play._id).toBe(b.json().play._id);
    expect([a.json().resumed, b.json().resumed].sort()).toEqual([false, true]);
    const plays = await t.db.selectFrom('plays').select('id').where('studentId', '=', studentId).execute();
    expect(plays).toHaveLength(1);
    const student = await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.contestAttempts).toBe(0);
    // Practice too: a double tap opens one play of the quiz.
    const [p1, p2] = await Promise.all([
      call('POST', '/api/play-quiz/', { quizId: practiceQuizId, type: 'PRACTICE' }),
      call('POST', '/api/play-quiz/', { quizId: practiceQuizId, type: 'PRACTICE' }),
    ]);
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(p1.json().play._id).toBe(p2.json().play._id);
  });

  it('refuses with a code the client acts on: contest closed, no attempts, incomplete profile, another grade', async () => {
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    let res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'The contest is not open right now.',
      code: 'CONTEST_CLOSED',
    });

    await setFlags(t.db, {
      isContestQuizEnabled: true,
      isPracticeQuizEnabled: true,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    await t.db.updateTable('students').set({ contestAttempts: 0 }).where('id', '=', studentId).execute();
    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.json()).toMatchObject({ code: 'NO_ATTEMPTS' });

    await t.db
      .updateTable('students')
      .set({ contestAttempts: 2, schoolName: null })
      .where('id', '=', studentId)
      .execute();
    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });
    await t.db
      .updateTable('students')
      .set({ schoolName: 'Beaconhouse' })
      .where('id', '=', studentId)
      .execute();

    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'This quiz is not for your grade.' });

    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'PRACTICE' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.selectFrom('plays').select('id').execute()).toHaveLength(0);
  });
});

describe('serving and answering', () => {
  it('serves questions in order, keeps the first deadline on reload, and never sends a contest its answers', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    const early = await serve(play._id, q2!._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_CURRENT' });

    const first = await serve(play._id, q1!._id);
    expect(first.statusCode).toBe(200);
    const served = first.json();
    expect(served.question.correctAnswerList).toEqual([]);
    expect(served.question.answerHintText).toBe('');
    expect(served.remainingMs).toBeGreaterThan(170_000);
    expect(served.remainingMs).toBeLessThanOrEqual(180_000);
    expect(new Date(served.deadline).getTime() - new Date(served.servedAt).getTime()).toBe(180_000);

    // A reload a minute later: the same deadline, a minute less to go.
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 60_000), deadlineAt: new Date(Date.now() + 120_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1!._id)
      .execute();
    const reload = (await serve(play._id, q1!._id)).json();
    expect(reload.remainingMs).toBeLessThanOrEqual(120_000);
    expect(reload.remainingMs).toBeGreaterThan(110_000);
    expect(reload.question.questionOptions.map((o: { letter: string }) => o.letter)).toEqual(
      served.question.questionOptions.map((o: { letter: string }) => o.letter),
    );
  });

  it('measures time on the server, ignores the client figure, and answers a retry with the first result', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 60_000), deadlineAt: new Date(Date.now() + 120_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    const answer = await rightAnswer(q1);
    const res = await submit(play._id, q1, answer, 5);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ recorded: true, outcome: 'ANSWERED', nextIndex: 1, finished: false });
    expect(body.timeTakenMs).toBeGreaterThanOrEqual(60_000);
    expect(body.timeTakenMs).toBeLessThan(65_000);
    const retry = await submit(play._id, q1, [], 1);
    expect(retry.json()).toEqual({ ...body, recorded: false });
    const row = await t.db
      .selectFrom('playAnswers')
      .select(['clientTimeTakenMs', 'timeTakenMs'])
      .where('playId', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ clientTimeTakenMs: 5, timeTakenMs: body.timeTakenMs });
    // Start, first serve and answer are each recorded with the row they describe; only the answer has a job.
    const events = await t.db
      .selectFrom('outboxEvents')
      .select(['type', 'payload', 'enqueuedAt'])
      .orderBy('createdAt')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['play.started', 'question.served', 'answer.recorded']);
    expect(events[2]!.payload).toEqual({ playId: play._id, questionId: q1 });
    expect(events.slice(0, 2).every((e) => e.enqueuedAt !== null)).toBe(true);
  });

  it('refuses another student’s play (404), a foreign option and two options on a single-answer question', async () => {
    const { play } = await start();
    const first = play.questions[0]!._id;
    expect((await serve(play._id, first, otherToken)).statusCode).toBe(404);
    expect((await submit(play._id, first, [], 1000, otherToken)).statusCode).toBe(404);
    // Walk to the first single-answer multiple-choice question (answering the ones before it).
    let answered = 0;
    for (const { _id: questionId } of play.questions) {
      await serve(play._id, questionId);
      const question = await t.db
        .selectFrom('questions')
        .select(['type', 'selectMultiple'])
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow();
      if (question.type !== 'MCQS' || question.selectMultiple) {
        await submit(play._id, questionId, await rightAnswer(questionId));
        answered += 1;
        continue;
      }
      expect((await submit(play._id, questionId, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(
        400,
      );
      const options = await t.db
        .selectFrom('questionOptions')
        .select('id')
        .where('questionId', '=', questionId)
        .execute();
      const two = await submit(
        play._id,
        questionId,
        options.slice(0, 2).map((o) => ({ _id: o.id })),
      );
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toBe('answers: choose one option');
      break;
    }
    expect(answered).toBeLessThan(15);
    expect(await t.db.selectFrom('playAnswers').select('playId').execute()).toHaveLength(answered);
  });

  it('starts the clock of a question first asked for long after the last answer at that answer', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    await submit(play._id, q1!._id, await rightAnswer(q1!._id));
    // The student answered ten minutes ago and only now asks for the next question.
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: tenMinutesAgo })
      .where('playId', '=', play._id)
      .execute();
    await t.db
      .updateTable('plays')
      .set({ startedAt: new Date(tenMinutesAgo.getTime() - 30_000) })
      .where('id', '=', play._id)
      .execute();
    const served = (await serve(play._id, q2!._id)).json();
    expect(served.remainingMs).toBe(0);
    expect(new Date(served.servedAt).getTime()).toBe(tenMinutesAgo.getTime());
    expect((await submit(play._id, q2!._id, await rightAnswer(q2!._id))).json()).toMatchObject({
      outcome: 'NO_ANSWER',
    });
  });

  it('records a contest answer arriving after the deadline and its grace as no answer', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 190_000), deadlineAt: new Date(Date.now() - 10_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    const res = await submit(play._id, q1, await rightAnswer(q1));
    expect(res.json()).toMatchObject({ outcome: 'NO_ANSWER', timeTakenMs: 180_000 });
  });
});

describe('scoring and finishing', () => {
  it('scores with the design formula, finishes the play after the last answer, and a replayed job changes nothing', async () => {
    const { play } = await start();
    for (const [index, question] of play.questions.entries()) {
      await serve(play._id, question._id);
      // Odd positions answered wrongly (no selection counts as no answer), even ones correctly.
      const answers = index % 2 === 0 ? await rightAnswer(question._id) : [];
      const res = await submit(play._id, question._id, answers);
      expect(res.statusCode).toBe(200);
    }
    for (const question of play.questions) {
      await scoreRecordedAnswer(t.db, play._id, question._id);
    }
    const finished = await t.db
      .selectFrom('plays')
      .select(['status', 'score', 'correctCount', 'totalTimeMs', 'finishedAt'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(finished.status).toBe('FINISHED');
    expect(finished.correctCount).toBe(8);
    // Answered within a second or two of serving: each correct answer scores just under 1.
    expect(finished.score).toBeGreaterThan(7.9);
    expect(finished.score).toBeLessThanOrEqual(8);
    const replay = await scoreRecordedAnswer(t.db, play._id, play.questions[0]!._id);
    expect(replay).toEqual([]);
    const again = await t.db
      .selectFrom('plays')
      .select(['score', 'finishedAt'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ score: finished.score, finishedAt: finished.finishedAt });
    const finishedEvents = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'play.finished')
      .execute();
    expect(finishedEvents).toHaveLength(1);

    const results = (await call('POST', '/api/play-quiz/results', { playId: play._id })).json();
    expect(results.play).toMatchObject({
      status: 'FINISHED',
      correctCount: 8,
      answeredCount: 8,
      pending: false,
    });
    // The contest is still open: its answers are not shown or reviewed yet.
    expect(results.reviewOpen).toBe(false);
    expect((await call('GET', `/api/play-quiz/wrong?id=${play._id}`)).statusCode).toBe(403);
  });

  it('finishes an abandoned contest play: each unanswered question closes at its deadline, chained from the last', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await submit(play._id, q1, await rightAnswer(q1));
    // The student closed the tab an hour ago, right after answering the first question.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable('plays')
      .set({
        startedAt: new Date(hourAgo.getTime() - 5000),
        clockDeadlineAt: new Date(hourAgo.getTime() + 175_000),
      })
      .where('id', '=', play._id)
      .execute();
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: hourAgo })
      .where('playId', '=', play._id)
      .execute();
    await t.db
      .updateTable('playQuestions')
      .set({
        servedAt: new Date(hourAgo.getTime() - 5000),
        deadlineAt: new Date(hourAgo.getTime() + 175_000),
      })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    await sweepUntilQuiet();
    await scoreRecordedAnswer(t.db, play._id, q1);
    const rows = await t.db
      .selectFrom('playQuestions')
      .innerJoin('playAnswers', (j) =>
        j
          .onRef('playAnswers.playId', '=', 'playQuestions.playId')
          .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
      )
      .select([
        'playQuestions.position',
        'playQuestions.servedAt',
        'playQuestions.deadlineAt',
        'playAnswers.outcome',
        'playAnswers.answeredAt',
      ])
      .where('playQuestions.playId', '=', play._id)
      .orderBy('playQuestions.position')
      .execute();
    // An hour is twenty deadlines of three minutes: every question closed, each at its deadline.
    expect(rows.length).toBe(15);
    expect(rows.slice(1).every((r) => r.outcome === 'NO_ANSWER')).toBe(true);
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.servedAt!.getTime()).toBe(rows[i - 1]!.answeredAt.getTime());
      expect(rows[i]!.deadlineAt!.getTime() - rows[i]!.servedAt!.getTime()).toBe(180_000);
    }
    const done = await t.db
      .selectFrom('plays')
      .select(['status', 'correctCount'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'FINISHED', correctCount: 1 });
  });
});

/** A finished, scored contest (or practice) play with the first three questions answered right. */
async function finishedPlay(type: 'CONTEST' | 'PRACTICE' = 'CONTEST') {
  const { play } = await start(type);
  for (const [index, question] of play.questions.entries()) {
    await serve(play._id, question._id);
    await submit(play._id, question._id, index < 3 ? await rightAnswer(question._id) : []);
  }
  for (const question of play.questions) {
    await scoreRecordedAnswer(t.db, play._id, question._id);
  }
  return play._id;
}

const PER_QUESTION = ['isCorrect', 'score', 'timeTakenMs'] as const;

interface ResultsBody {
  play: {
    score: number | null;
    correctCount: number | null;
    answeredCount: number;
    questionCount: number;
    pending: boolean;
  };
  questions: Record<string, unknown>[];
  reviewOpen: boolean;
}

/** The contest is over: its phase is closed. */
const closePhase = () =>
  t.db.updateTable('phases').set({ status: 'CLOSED' }).where('id', '=', phaseId).execute();

const resultsOf = async (playId: string) => {
  const res = await call('POST', '/api/play-quiz/results', { playId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultsBody>();
};

describe('results of a contest play (no answer key while the contest is open)', () => {
  it('shows the total and the counts but no per-question correctness, score or time while the contest is open', async () => {
    const playId = await finishedPlay();
    const results = await resultsOf(playId);
    expect(results.questions).toHaveLength(15);
    for (const question of results.questions) {
      for (const key of PER_QUESTION) {
        expect(question[key] ?? null, `question ${question.index}: ${key}`).toBeNull();
      }
      expect(question.outcome).toMatch(/^(ANSWERED|NO_ANSWER)$/);
    }
    expect(results.reviewOpen).toBe(false);
    expect(results.play.score).toBeGreaterThan(2.9);
    expect(results.play).toMatchObject({
      correctCount: 3,
      answeredCount: 3,
      questionCount: 15,
      pending: false,
    });
  });

  it('withholds the running totals of a contest play still being played', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await submit(play._id, q1, await rightAnswer(q1));
    await scoreRecordedAnswer(t.db, play._id, q1);
    const results = await resultsOf(play._id);
    // Read after each answer, a total would tell which answers scored.
    expect(results.play).toMatchObject({ score: null, correctCount: null, answeredCount: 1, pending: true });
    expect(results.questions[0]?.isCorrect ?? null).toBeNull();
  });

  it('keeps each answer hidden while the contest is only switched off (a pause)', async () => {
    const playId = await finishedPlay();
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(false);
    expect(results.questions.every((q) => (q.isCorrect ?? null) === null)).toBe(true);
    const review = await call('GET', `/api/play-quiz/wrong?id=${playId}`);
    expect(review.statusCode).toBe(403);
  });

  it('shows everything once the contest is over', async () => {
    const playId = await finishedPlay();
    await closePhase();
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(true);
    expect(results.questions.map((q) => q.isCorrect)).toEqual([
      ...Array(3).fill(true),
      ...Array(12).fill(false),
    ]);
    expect(
      results.questions.every((q) => typeof q.score === 'number' && typeof q.timeTakenMs === 'number'),
    ).toBe(true);
  });

  it('always shows practice question by question', async () => {
    const playId = await finishedPlay('PRACTICE');
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(true);
    expect(results.questions.filter((q) => q.isCorrect === true)).toHaveLength(3);
    expect(results.questions.every((q) => typeof q.score === 'number')).toBe(true);
  });

  it('still shows staff every answer of the play while the contest is open', async () => {
    const playId = await finishedPlay();
    const reader = await makeStaff(t.db, { permissions: [['student', 'read']] });
    const readerToken = (await loginStaff(t.app, reader)).accessToken;
    const detail = await call('GET', `/api/student/quizAttemptDetail?id=${playId}`, undefined, readerToken);
    expect(detail.statusCode).toBe(200);
    const outcomes = detail.json().data.questions.map((q: { outcome: string }) => q.outcome);
    expect(outcomes.filter((o: string) => o === 'CORRECT')).toHaveLength(3);
    const wrong = await call('GET', `/api/play-quiz/wrong?id=${playId}`, undefined, readerToken);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toHaveLength(12);
  });
});

describe('review', () => {
  it('shows the wrong answers with the right ones once the contest is over', async () => {
    const { play } = await start();
    for (const [index, question] of play.questions.entries()) {
      await serve(play._id, question._id);
      await submit(play._id, question._id, index < 3 ? await rightAnswer(question._id) : []);
    }
    for (const question of play.questions) {
      await scoreRecordedAnswer(t.db, play._id, question._id);
    }
    await closePhase();
    const res = await call('GET', `/api/play-quiz/wrong?id=${play._id}`);
    expect(res.statusCode).toBe(200);
    const wrong = res.json().data;
    expect(wrong).toHaveLength(12);
    expect(wrong.map((w: { index: number }) => w.index)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const item of wrong) {
      expect(item.outcome).toBe('NO_ANSWER');
      const expected =
        item.question.type === 'MCQs' ? item.question.correctAnswerList : item.question.acceptedAnswers;
      expect(expected.length).toBeGreaterThan(0);
    }
    expect((await call('GET', `/api/play-quiz/wrong?id=${play._id}`, undefined, otherToken)).statusCode).toBe(
      404,
    );
  });
});

describe('practice', () => {
  it('serves practice questions with their answers and hint, and lets the student stop (a contest cannot be stopped)', async () => {
    const { play } = await start('PRACTICE');
    expect(play.practice).toBe(true);
    const q1 = play.questions[0]!._id;
    const served = (await serve(play._id, q1)).json();
    const question = await t.db
      .selectFrom('questions')
      .select('type')
      .where('id', '=', q1)
      .executeTakeFirstOrThrow();
    if (question.type === 'MCQS') {
      expect(served.question.correctAnswerList.sort()).toEqual((await correctOptionIds(q1)).sort());
    }
    expect(served.question.answerHintText).not.toBe('');
    const student = await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.contestAttempts).toBe(2);
    expect((await call('POST', '/api/play-quiz/cancel', { playId: play._id })).statusCode).toBe(200);
    const cancelled = await t.db
      .selectFrom('plays')
      .select('status')
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('CANCELLED');
    const contest = await start('CONTEST');
    const refused = await call('POST', '/api/play-quiz/cancel', { playId: contest.play._id });
    expect(refused.statusCode).toBe(409);
  });
});

describe('with the workers running', () => {
  it('scores answers through the queue, finishes the play, and closes an expired question on its own', async () => {
    const workers = await startTestWorkers(t, {
      relay: { graceMs: 500, intervalMs: 300, batchSize: 100 },
      sweepIntervalMs: 200,
    });
    try {
      const { play } = await start();
      const [first, ...rest] = play.questions;
      // The first question runs out while the student is away; the sweep closes it.
      await serve(play._id, first!._id);
      await t.db
        .updateTable('playQuestions')
        .set({ servedAt: new Date(Date.now() - 200_000), deadlineAt: new Date(Date.now() - 20_000) })
        .where('playId', '=', play._id)
        .where('questionId', '=', first!._id)
        .execute();
      await t.db
        .updateTable('plays')
        .set({ clockDeadlineAt: new Date(Date.now() - 20_000) })
        .where('id', '=', play._id)
        .execute();
      await expect
        .poll(
          async () =>
            (await t.db
              .selectFrom('playAnswers')
              .select(['outcome', 'isCorrect'])
              .where('playId', '=', play._id)
              .where('questionId', '=', first!._id)
              .executeTakeFirst()) ?? null,
          { timeout: 10_000, interval: 100 },
        )
        .toEqual({ outcome: 'NO_ANSWER', isCorrect: false });
      for (const question of rest) {
        await serve(play._id, question._id);
        expect((await submit(play._id, question._id, await rightAnswer(question._id))).statusCode).toBe(200);
      }
      await expect
        .poll(
          async () =>
            t.db
              .selectFrom('plays')
              .select(['status', 'correctCount'])
              .where('id', '=', play._id)
              .executeTakeFirst(),
          { timeout: 15_000, interval: 100 },
        )
        .toEqual({ status: 'FINISHED', correctCount: 14 });
      const results = (await call('POST', '/api/play-quiz/results', { playId: play._id })).json();
      expect(results.play.pending).toBe(false);
      expect(results.play.score).toBeGreaterThan(13.9);
    } finally {
      await workers.close();
    }
  });
});

describe('available quizzes and attempt grants', () => {
  it('lists what the student may start now, with attempts left and the play to resume', async () => {
    let list = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ _id: contestQuizId, kind: 'CONTEST', attemptsLeft: 2, openPlayId: null }),
    ]);
    const { play } = await start();
    list = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    expect(list[0]).toMatchObject({ attemptsLeft: 1, openPlayId: play._id });
    const practice = (await call('GET', '/api/play-quiz/available?type=PRACTICE')).json().data;
    expect(practice.map((q: { _id: string }) => q._id)).toEqual([practiceQuizId]);
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    expect((await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data).toEqual([]);
    expect((await call('GET', '/api/play-quiz/available?type=SOMETHING')).statusCode).toBe(400);
  });

  it('lets staff with student:update grant attempts with a reason, audited; others get 403', async () => {
    const admin = await makeStaff(t.db, { permissions: [['student', 'update']] });
    const adminToken = (await loginStaff(t.app, admin)).accessToken;
    const grant = (body: object, as = adminToken) => call('POST', '/api/contestAttempts/create', body, as);
    const ok = await grant({ studentId, attempts: 3, reason: 'Paid at the school office' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ contestAttempts: 5 });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('action', '=', 'student.grantAttempts')
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ from: 2, to: 5, reason: 'Paid at the school office' });
    const tooMany = await grant({ studentId, attempts: -6, reason: 'Refund' });
    expect(tooMany.statusCode).toBe(400);
    expect((await grant({ studentId, attempts: 1, reason: '' })).json().message).toMatch(/^reason: /);
    const reader = await makeStaff(t.db, { permissions: [['student', 'read']] });
    const readerToken = (await loginStaff(t.app, reader)).accessToken;
    expect((await grant({ studentId, attempts: 1, reason: 'Nope' }, readerToken)).statusCode).toBe(403);
    // A student token is not a staff token.
    expect((await grant({ studentId, attempts: 1, reason: 'Myself' }, token)).statusCode).toBe(401);
  });
});

describe('when the scoring queue loses a job', () => {
  it('scores answers left unscored from PostgreSQL and finishes their play', async () => {
    const { play } = await start();
    for (const question of play.questions) {
      await serve(play._id, question._id);
      await submit(play._id, question._id, await rightAnswer(question._id));
    }
    // No worker ran (as if Redis lost every job); the answers are older than the sweep's patience.
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: new Date(Date.now() - 60_000) })
      .where('playId', '=', play._id)
      .execute();
    const { scored, events } = await scoreStragglers(t.db);
    expect(scored).toBe(15);
    expect(events.map((e) => e.type)).toEqual(['play.finished']);
    const done = await t.db
      .selectFrom('plays')
      .select(['status', 'correctCount'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'FINISHED', correctCount: 15 });
    expect((await scoreStragglers(t.db)).scored).toBe(0);
  });
});

describe('a deactivated student', () => {
  it('is refused within five seconds, even mid-contest', async () => {
    const { play } = await start();
    await t.db.updateTable('students').set({ isActive: false }).where('id', '=', studentId).execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, 5100));
      const res = await serve(play._id, play.questions[0]!._id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    } finally {
      await t.db.updateTable('students').set({ isActive: true }).where('id', '=', studentId).execute();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
