import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makePlay, makeQuizWithQuestions, useTestContext } from '../../test/helpers.js';
import { rescorePlay } from '../src/modules/play-quiz/play-rescore.js';
import { countFinishedPlays } from '../src/modules/quiz-performance/quiz-performance.service.js';

// The quiz performance report's per-question counts (quiz_question_stats), kept off the answer
// path: they must always equal what the report used to work out from every answer.

const t = useTestContext({ resetEachTest: true });

type StatsRow = { quizId: string; phaseId: string; gradeId: string; questionId: string } & Record<
  'answers' | 'correct' | 'answered' | 'timeSumMs',
  number
>;

/** Worked out from every answer of every finished play, as the report did before the counts. */
const direct = async () =>
  (
    await sql<StatsRow>`
      SELECT p.quiz_id, p.phase_id, p.grade_id, a.question_id, count(*)::int AS answers,
        (count(*) FILTER (WHERE a.is_correct))::int AS correct,
        (count(*) FILTER (WHERE a.outcome = 'ANSWERED'))::int AS answered,
        coalesce(sum(a.time_taken_ms) FILTER (WHERE a.outcome = 'ANSWERED'), 0)::int AS time_sum_ms
      FROM plays p JOIN play_answers a ON a.play_id = p.id
      WHERE p.status = 'FINISHED'
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    `.execute(t.db)
  ).rows;

/** What the counts hold (a row emptied by a delete counts nothing). */
const counted = async () =>
  (
    await sql<StatsRow>`
      SELECT quiz_id, phase_id, grade_id, question_id, answers, correct, answered, time_sum_ms::int
      FROM quiz_question_stats WHERE answers > 0 ORDER BY 1, 2, 3, 4
    `.execute(t.db)
  ).rows;

/**
 * Three open questions (the key accepts "11") over grades 4, 5 and 6: five finished plays (one with a
 * NO_ANSWER, one practice), one in progress, one cancelled; student `twice` plays twice in grade 6.
 */
async function plant() {
  const setup = await makeQuizWithQuestions(t.db, {
    grades: [4, 5, 6],
    questions: [
      ['<p>Q1</p>', 'open'],
      ['<p>Q2</p>', 'open'],
      ['<p>Q3</p>', 'open'],
    ],
  });
  const [g5, g6] = setup.otherGrades;
  const given = (texts: (string | null)[], correct: boolean[], ms = 4000) =>
    setup.questions.map((q, i) => ({
      questionId: q.id,
      outcome: texts[i] === null ? ('NO_ANSWER' as const) : ('ANSWERED' as const),
      answerText: texts[i] ?? null,
      isCorrect: correct[i] ?? false,
      timeTakenMs: ms + i * 1000,
    }));
  const first = await makePlay(t.db, {
    ...setup.play,
    answers: given(['11', 'x', '11'], [true, false, true]),
  });
  await makePlay(t.db, { ...setup.play, answers: given(['11', null, 'x'], [true, false, false], 7000) });
  await makePlay(t.db, {
    ...setup.play,
    kind: 'PRACTICE',
    answers: given(['x', 'x', '11'], [false, false, true]),
  });
  const open = await makePlay(t.db, {
    ...setup.play,
    status: 'IN_PROGRESS',
    answers: given(['11', '11', '11'], [true, true, true]),
  });
  await makePlay(t.db, {
    ...setup.play,
    status: 'CANCELLED',
    answers: given(['x', 'x', 'x'], [false, false, false]),
  });
  await makePlay(t.db, {
    ...setup.play,
    gradeId: g5!.id,
    answers: given(['11', '11', 'x'], [true, true, false]),
  });
  const twice = await makePlay(t.db, {
    ...setup.play,
    gradeId: g6!.id,
    answers: given(['11', '11', '11'], [true, true, true], 2000),
  });
  await makePlay(t.db, {
    ...setup.play,
    gradeId: g6!.id,
    studentId: twice.studentId,
    answers: given(['x', '11', null], [false, true, false]),
  });
  return { ...setup, first, open, twice };
}

describe('quiz question stats (the quiz performance report’s per-question counts)', () => {
  it('counts every finished play once, batch after batch, and a replay counts nothing', async () => {
    const p = await plant();
    expect(await counted()).toEqual([]);

    expect(await countFinishedPlays(t.db, 2)).toBe(6);
    const once = await counted();
    expect(once).toEqual(await direct());
    // 3 questions × 3 grades (grade 4's finished plays include a practice play).
    expect(once).toHaveLength(9);
    expect(once.find((r) => r.gradeId === p.grade.id && r.questionId === p.questions[1].id)).toMatchObject({
      answers: 3,
      correct: 0,
      answered: 2,
      timeSumMs: 10_000,
    });

    expect(await countFinishedPlays(t.db)).toBe(0);
    expect(await counted()).toEqual(once);

    // The open play finishes: the next pass counts it alone.
    await t.db
      .updateTable('plays')
      .set({ status: 'FINISHED', finishedAt: new Date() })
      .where('id', '=', p.open.id)
      .execute();
    expect(await countFinishedPlays(t.db)).toBe(1);
    expect(await counted()).toEqual(await direct());
  });

  it('stays equal to the answers after a rescore (counted or not) and after a student’s plays are deleted', async () => {
    const p = await plant();
    await countFinishedPlays(t.db);
    // The key changes: "x" becomes the answer to Q1 and Q2, "11" is wrong there.
    await t.db
      .updateTable('questions')
      .set({ acceptedAnswers: ['x'] })
      .where('id', 'in', [p.questions[0].id, p.questions[1].id])
      .execute();

    const rescored = await rescorePlay(t.db, p.first.id);
    expect(rescored.changes.map((c) => [c.number, c.now.correct])).toEqual(
      expect.arrayContaining([
        [1, false],
        [2, true],
      ]),
    );
    expect(await counted()).toEqual(await direct());

    // Not counted yet when rescored: counted afterwards as it is then.
    const late = await makePlay(t.db, {
      ...p.play,
      answers: p.questions.map((q) => ({
        questionId: q.id,
        answerText: '11',
        isCorrect: true,
        timeTakenMs: 3000,
      })),
    });
    await rescorePlay(t.db, late.id);
    expect(await countFinishedPlays(t.db)).toBe(1);
    expect(await counted()).toEqual(await direct());

    await t.db.deleteFrom('plays').where('studentId', '=', p.twice.studentId).execute();
    await t.db.deleteFrom('students').where('id', '=', p.twice.studentId).execute();
    const after = await counted();
    expect(after).toEqual(await direct());
    expect(after.some((r) => r.gradeId === p.otherGrades[1]!.id)).toBe(false);
  });
});
