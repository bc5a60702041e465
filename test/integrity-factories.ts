import { rebuildPhase } from '@riyazi/api/rankings';
import type { Db } from '@riyazi/db';
import { makeStaff, makeStudent } from './factories.js';
import { makePhase, makePlay, makeQuizWithQuestions, type PlayAnswerFactory } from './quiz-factories.js';

export type SignalKindName = 'FAST_CORRECT' | 'COPIED_ANSWERS' | 'SHARED_ORIGIN' | 'SCRIPTED_TIMING';

/**
 * An integrity signal on a play, as the signals worker would write it (tests of the review queue
 * plant them directly). Phase and grade are the play's.
 */
export async function makeIntegritySignal(
  db: Db,
  playId: string,
  kind: SignalKindName,
  strength: number,
  options: { relatedPlayIds?: string[]; evidence?: Record<string, unknown> } = {},
) {
  const play = await db
    .selectFrom('plays')
    .select(['phaseId', 'gradeId'])
    .where('id', '=', playId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('integritySignals')
    .values({
      playId,
      phaseId: play.phaseId,
      gradeId: play.gradeId,
      kind,
      strength,
      evidence: JSON.stringify(options.evidence ?? { planted: true }),
      relatedPlayIds: options.relatedPlayIds ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Where a play started from, as the keyed hashes the play start records. */
export async function setPlayOrigin(db: Db, playId: string, origin: { device?: string; ip?: string }) {
  await db
    .updateTable('plays')
    .set({ originDeviceHash: origin.device ?? null, originIpHash: origin.ip ?? null })
    .where('id', '=', playId)
    .execute();
}

/** Five-question contest answers: each entry the option index picked (0 is the right one). */
const picks = (
  questions: readonly { id: string; options: string[] }[],
  chosen: readonly number[],
  timeTakenMs: number,
): PlayAnswerFactory[] =>
  questions.map((q, i) => ({
    questionId: q.id,
    selectedOptionIds: [q.options[chosen[i] ?? 0]!],
    isCorrect: (chosen[i] ?? 0) === 0,
    timeTakenMs,
  }));

/**
 * Grade 5, phase 1 (and an empty phase 2), five MCQs. Ali copied Bilal's answers (the same two
 * wrong options) from Bilal's device; Dua's best play was answered in under a second a question,
 * and she has a slower honest play too; Chanda is honest on Ali's network. Ranked:
 * Dua 3.9 (1), Ali 3.5 (2), Bilal 3.2 (3), Chanda 3.0 (4). Signals: Ali copied 0.95 and shared
 * origin 0.6, Bilal copied 0.9, Dua fast 0.8; Chanda none.
 */
export async function plantFlaggedPlays(db: Db, at = new Date('2026-11-20T06:00:00Z')) {
  const { grade, phase, questions, play } = await makeQuizWithQuestions(db, {
    grades: [5],
    questions: [
      ['<p>3 × 4 = ?</p>', [true, false, false]],
      ['<p>15 − 7 = ?</p>', [true, false, false]],
      ['<p>Half of 18?</p>', [true, false, false]],
      ['<p>Sides of a hexagon?</p>', [true, false, false]],
      ['<p>9 + 8 = ?</p>', [true, false, false]],
    ],
  });
  const phase2 = await makePhase(db, 2);
  const student = (fullName: string, language: 'en' | 'ur' = 'en') =>
    makeStudent(db, { fullName, gradeId: grade.id, language, schoolName: 'City School', city: 'Lahore' });
  const students = {
    ali: await student('Ali Raza', 'ur'),
    bilal: await student('Bilal Khan'),
    chanda: await student('Chanda Iqbal'),
    dua: await student('Dua Malik'),
  };
  const minute = (n: number) => new Date(at.getTime() + n * 60_000);
  const made = async (who: keyof typeof students, score: number, chosen: number[], ms: number, n: number) =>
    (
      await makePlay(db, {
        ...play,
        studentId: students[who].id,
        score,
        finishedAt: minute(n),
        answers: picks(questions, chosen, ms),
      })
    ).id;
  const plays = {
    bilal: await made('bilal', 3.2, [0, 0, 0, 1, 2], 40_000, 1),
    ali: await made('ali', 3.5, [0, 0, 0, 1, 2], 35_000, 2),
    chanda: await made('chanda', 3.0, [0, 0, 0, 0, 1], 50_000, 3),
    duaFast: await made('dua', 3.9, [0, 0, 0, 0, 0], 900, 4),
    duaSlow: await made('dua', 2.5, [0, 0, 1, 1, 0], 60_000, 5),
  };
  await setPlayOrigin(db, plays.ali, { device: 'device-hash-A', ip: 'ip-hash-1' });
  await setPlayOrigin(db, plays.bilal, { device: 'device-hash-A', ip: 'ip-hash-1' });
  await setPlayOrigin(db, plays.chanda, { ip: 'ip-hash-1' });
  await makeIntegritySignal(db, plays.ali, 'COPIED_ANSWERS', 0.95, { relatedPlayIds: [plays.bilal] });
  await makeIntegritySignal(db, plays.ali, 'SHARED_ORIGIN', 0.6, { relatedPlayIds: [plays.bilal] });
  await makeIntegritySignal(db, plays.bilal, 'COPIED_ANSWERS', 0.9, { relatedPlayIds: [plays.ali] });
  await makeIntegritySignal(db, plays.duaFast, 'FAST_CORRECT', 0.8);
  await rebuildPhase(db, phase.id);
  return { grade, phase, phase2, questions, students, plays };
}
export type PlantedFlags = Awaited<ReturnType<typeof plantFlaggedPlays>>;

/** A reviewer (integrity read and update) and a reader (integrity read only). */
export async function makeIntegrityStaff(db: Db) {
  return {
    reviewer: await makeStaff(db, {
      permissions: [
        ['integrity', 'read'],
        ['integrity', 'update'],
      ],
    }),
    reader: await makeStaff(db, { permissions: [['integrity', 'read']] }),
  };
}
