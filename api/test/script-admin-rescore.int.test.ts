import { beforeEach, describe, expect, it } from 'vitest';
import { makePlay, seededGradeId, setCorrectOptions } from '../../test/helpers.js';
import { rebuildPhase } from '../src/modules/rankings/rankings.service.js';
import { scoreRecordedAnswer } from '../src/modules/play-quiz/play-scoring.js';
import { contestQuizId, phaseId, rightAnswer, serve, start, submit, t } from './play-quiz.fixtures.js';
import { scriptAdminCalls } from './script-admin.fixtures.js';

// Script admin's "rescore a play" (issue #19): a contest played through the api, its answer key
// fixed afterwards, the play graded again.

const { signIn, run, auditRows } = scriptAdminCalls(t);

beforeEach(async () => {
  await t.db.deleteFrom('phaseStandings').execute();
  await t.db.deleteFrom('auditLog').execute();
});

const rescore = (
  token: string,
  { playId, ...rest }: { playId: unknown; password: string; dryRun: boolean },
) => run(token, { action: 'rescorePlay', params: { playId }, ...rest });

const OPEN_ANSWER = '12345.678';

/** An answer the key does not accept: an option not marked correct, or a number nobody expects. */
async function wrongAnswerTo(questionId: string): Promise<string[]> {
  const question = await t.db
    .selectFrom('questions')
    .select('type')
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  if (question.type === 'OPEN_ENDED') {
    return [OPEN_ANSWER];
  }
  const option = await t.db
    .selectFrom('questionOptions')
    .select('id')
    .where('questionId', '=', questionId)
    .where('isCorrect', '=', false)
    .executeTakeFirstOrThrow();
  return [option.id];
}

/** The key fixed after the play: `given` becomes the right answer to the question. */
async function acceptAnswer(questionId: string, given: string[]) {
  if (given[0] === OPEN_ANSWER) {
    const question = await t.db
      .selectFrom('questions')
      .select('acceptedAnswers')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('questions')
      .set({ acceptedAnswers: [...question.acceptedAnswers, OPEN_ANSWER] })
      .where('id', '=', questionId)
      .execute();
    return;
  }
  await setCorrectOptions(t.db, questionId, given);
}

/** A finished contest play: questions 1–3 right, 4 and 5 wrong, the rest unanswered. */
async function contestPlayedWithTwoWrong() {
  const { play } = await start();
  const wrong: { questionId: string; given: string[] }[] = [];
  for (const [index, { _id: questionId }] of play.questions.entries()) {
    await serve(play._id, questionId);
    let answer: string[] = [];
    if (index < 3) {
      answer = await rightAnswer(questionId);
    } else if (index < 5) {
      answer = await wrongAnswerTo(questionId);
      wrong.push({ questionId, given: answer });
    }
    expect((await submit(play._id, questionId, answer)).statusCode).toBe(200);
  }
  for (const question of play.questions) {
    await scoreRecordedAnswer(t.db, play._id, question._id);
  }
  return { playId: play._id, wrong };
}

const totalsOf = (playId: string) =>
  t.db
    .selectFrom('plays')
    .select(['status', 'score', 'correctCount', 'totalTimeMs'])
    .where('id', '=', playId)
    .executeTakeFirstOrThrow();

const answersOf = (playId: string) =>
  t.db
    .selectFrom('playAnswers')
    .select(['questionId', 'isCorrect', 'score', 'timeTakenMs', 'scoredAt'])
    .where('playId', '=', playId)
    .orderBy('questionId')
    .execute();

const rankOf = async (playId: string) =>
  (await t.db.selectFrom('phaseStandings').select('rank').where('playId', '=', playId).executeTakeFirst())
    ?.rank;

const rescoreAudit = () => auditRows('scriptAdmin.rescorePlay');

describe('script admin: rescore a play', () => {
  it('dry-runs a contest play against its fixed key, rescores it and re-ranks its grade, and a second run changes nothing', async () => {
    const { playId, wrong } = await contestPlayedWithTwoWrong();
    // A rival in the same grade scored between her 3 right answers and the 5 the fixed key gives.
    const rival = await makePlay(t.db, {
      quizId: contestQuizId,
      phaseId,
      gradeId: await seededGradeId(t.db, 'Grade 3'),
      answers: [],
      score: 3.5,
    });
    await rebuildPhase(t.db, phaseId);
    expect([await rankOf(rival.id), await rankOf(playId)]).toEqual([1, 2]);
    const before = await totalsOf(playId);
    const answersBefore = await answersOf(playId);
    expect(before).toMatchObject({ status: 'FINISHED', correctCount: 3 });
    for (const { questionId, given } of wrong) {
      await acceptAnswer(questionId, given);
    }
    const { staff, token } = await signIn(true);
    const body = { playId, password: staff.password };

    const dry = await rescore(token, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json();
    expect(preview).toMatchObject({ dryRun: true, changed: 2 });
    expect(preview.summary).toMatch(
      /^Would rescore Fatima Malik's contest play of .+: score [\d.]+ → [\d.]+, correct 3 → 5 \(2 answers to change\)$/,
    );
    expect(preview.details).toHaveLength(2);
    expect(preview.details[0]).toMatch(/^Question 4: wrong → right, score 0 → (1|0\.9\d*)$/);
    expect(preview.details[1]).toMatch(/^Question 5: wrong → right, score 0 → (1|0\.9\d*)$/);
    expect(await totalsOf(playId)).toEqual(before);
    expect(await answersOf(playId)).toEqual(answersBefore);
    expect(await rankOf(playId)).toBe(2);
    expect(await rescoreAudit()).toHaveLength(0);

    const real = await rescore(token, { ...body, dryRun: false });
    expect(real.statusCode, real.body).toBe(200);
    const done = real.json();
    expect(done).toMatchObject({ dryRun: false, changed: 2 });
    expect(done.summary).toMatch(
      /^Rescored Fatima Malik's contest play of .+correct 3 → 5 \(2 answers changed\)$/,
    );
    expect(done.details.at(-1)).toBe('Phase ranking of Grade 3: 2 ranked, 2 changed');
    const after = await totalsOf(playId);
    const answersAfter = await answersOf(playId);
    const fixed = new Set(wrong.map((w) => w.questionId));
    for (const [i, answer] of answersAfter.entries()) {
      const was = answersBefore[i]!;
      // Times never move; only the two answers the key fixed change grade.
      expect(answer.timeTakenMs).toBe(was.timeTakenMs);
      if (fixed.has(answer.questionId)) {
        expect(answer).toMatchObject({ isCorrect: true });
        expect(answer.score).toBeGreaterThan(0.9);
      } else {
        expect(answer).toEqual(was);
      }
    }
    const newScore = answersAfter.reduce((sum, a) => sum + Number(a.score), 0);
    expect(after).toMatchObject({ status: 'FINISHED', correctCount: 5, totalTimeMs: before.totalTimeMs });
    expect(after.score).toBeCloseTo(newScore, 4);
    expect(after.score).toBeGreaterThan(4.9);
    expect(done.summary).toContain(`score ${before.score} → ${after.score}`);
    expect([await rankOf(playId), await rankOf(rival.id)]).toEqual([1, 2]);
    const audit = await rescoreAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      details: {
        params: { playId },
        changed: 2,
        playId,
        before: { score: before.score, correctCount: 3 },
        after: { score: after.score, correctCount: 5 },
      },
    });

    const dryAgain = await rescore(token, { ...body, dryRun: true });
    expect(dryAgain.json()).toMatchObject({ changed: 0 });
    expect(dryAgain.json().summary).toMatch(
      /^Nothing to rescore: Fatima Malik's contest play of .+ already matches the answer key$/,
    );
    const again = await rescore(token, { ...body, dryRun: false });
    expect(again.json()).toMatchObject({ changed: 0 });
    expect(again.json().details).toContain('Phase ranking of Grade 3: 2 ranked, 0 changed');
    expect(await totalsOf(playId)).toEqual(after);
    expect(await answersOf(playId)).toEqual(answersAfter);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { playId, wrong } = await contestPlayedWithTwoWrong();
    await acceptAnswer(wrong[0]!.questionId, wrong[0]!.given);
    const before = await totalsOf(playId);
    const { token } = await signIn(true);
    const res = await rescore(token, { playId, password: 'not my password', dryRun: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Incorrect password' });
    expect(await totalsOf(playId)).toEqual(before);
    expect(await rescoreAudit()).toHaveLength(0);
  });

  it('is refused to staff who are not Super Admins', async () => {
    const { playId } = await contestPlayedWithTwoWrong();
    const { staff, token } = await signIn(false);
    const res = await rescore(token, { playId, password: staff.password, dryRun: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Super Admin/);
  });

  it('refuses an unknown play, a malformed id and a play not finished, each with its message', async () => {
    const { staff, token } = await signIn(true);
    const unknown = await rescore(token, {
      playId: '00000000-0000-4000-8000-000000000000',
      password: staff.password,
      dryRun: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'No play has this id' });
    for (const playId of ['play-1', '', 42, null]) {
      const malformed = await rescore(token, { playId, password: staff.password, dryRun: true });
      expect(malformed.statusCode, String(playId)).toBe(400);
      expect(malformed.json()).toEqual({ message: 'playId must be a play id' });
    }
    const { play } = await start();
    for (const dryRun of [true, false]) {
      const open = await rescore(token, { playId: play._id, password: staff.password, dryRun });
      expect(open.statusCode).toBe(409);
      expect(open.json().message).toMatch(/^Only a finished play can be rescored/);
    }
    expect(await rescoreAudit()).toHaveLength(0);
  });
});
