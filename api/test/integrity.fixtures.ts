import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
// The factories directly, not test/helpers.js: loadtest/src/integrity-margin.ts seeds with this file
// outside vitest.
import { makeStudents } from '../../test/factories.js';
import { makeQuizWithQuestions } from '../../test/quiz-factories.js';

// A simulated contest phase for the integrity detectors: honest children of varied ability and
// speed answering 20 questions, plus planted cheats. Written with unnest, not through HTTP.

const QUESTIONS = 20;
const HONEST = 1000;

/** A seeded generator (mulberry32): the same children on every run of one seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
/** The seed api/test/integrity-phase.int.test.ts runs with; the margin script tries others. */
export const TEST_SEED = 21;
let rand = random(TEST_SEED);
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

const questionSpecs = Array.from(
  { length: QUESTIONS },
  (_, i) =>
    [
      `<p>Question ${i + 1}: ${'Ali has some apples and gives away a few of them. '.slice(0, 30 + ((i * 7) % 50))}How many?</p>`,
      [true, false, false, false],
    ] as [string, boolean[]],
);

interface Question {
  id: string;
  chars: number;
  difficulty: number;
  right: string;
  /** Wrong options, the common misconception first. */
  wrong: string[];
}

export interface SimAnswer {
  questionId: string;
  optionId: string | null;
  correct: boolean;
  timeMs: number;
}

export interface SimPlay {
  id: string;
  studentId: string;
  startMs: number;
  ipHash: string | null;
  deviceHash: string | null;
  answers: SimAnswer[];
}

/** One child's answers: right with a chance from ability and difficulty; wrong ones lean to the common misconception, more so for weaker children. */
function honestAnswers(
  questions: Question[],
  ability = normal(),
  speed = Math.exp(0.25 * normal()),
): SimAnswer[] {
  return questions.map((q) => {
    const reading = (2500 + 40 * q.chars) * speed;
    const thinking = -Math.log(1 - rand()) * 9000 * (1 + (q.difficulty + 1.5) / 3) * speed;
    const timeMs = Math.min(Math.round(reading + thinking), 175_000);
    if (rand() < 0.02) {
      return { questionId: q.id, optionId: null, correct: false, timeMs: 180_000 };
    }
    if (rand() < sigmoid(1.2 * (ability - q.difficulty))) {
      return { questionId: q.id, optionId: q.right, correct: true, timeMs };
    }
    const common = 0.45 + 0.3 * sigmoid(-ability);
    const pick = rand();
    const optionId =
      pick < common ? q.wrong[0] : pick < common + (1 - common) * 0.6 ? q.wrong[1] : q.wrong[2];
    return { questionId: q.id, optionId: optionId as string, correct: false, timeMs };
  });
}

/** Writes finished, scored contest plays (questions served in order, answers timed). */
async function insertPlays(
  db: Db,
  quiz: { quizId: string; phaseId: string; gradeId: string },
  plays: SimPlay[],
) {
  const questions = plays.flatMap((play) => {
    let at = play.startMs;
    return play.answers.map((a, position) => {
      const servedAt = at + 400;
      at = servedAt + Math.min(a.timeMs, 180_000);
      return { play, a, position, servedAt, answeredAt: at };
    });
  });
  const finishedAt = new Map(
    plays.map((p) => [p.id, Math.max(...questions.filter((q) => q.play === p).map((q) => q.answeredAt))]),
  );
  await sql`
    INSERT INTO plays (id, student_id, quiz_id, phase_id, grade_id, kind, status, question_count, started_at,
      finished_at, origin_ip_hash, origin_device_hash)
    SELECT id, student_id, ${quiz.quizId}, ${quiz.phaseId}, ${quiz.gradeId}, 'CONTEST', 'FINISHED', ${QUESTIONS},
      to_timestamp(started / 1000), to_timestamp(finished / 1000), ip, device
    FROM unnest(${plays.map((p) => p.id)}::uuid[], ${plays.map((p) => p.studentId)}::uuid[],
      ${plays.map((p) => p.startMs)}::float8[], ${plays.map((p) => finishedAt.get(p.id))}::float8[],
      ${plays.map((p) => p.ipHash)}::text[], ${plays.map((p) => p.deviceHash)}::text[])
      AS t (id, student_id, started, finished, ip, device)
  `.execute(db);
  await sql`
    WITH q AS (
      SELECT * FROM unnest(${questions.map((q) => q.play.id)}::uuid[], ${questions.map((q) => q.position)}::int[],
        ${questions.map((q) => q.a.questionId)}::uuid[], ${questions.map((q) => q.a.optionId)}::uuid[],
        ${questions.map((q) => q.a.correct)}::boolean[], ${questions.map((q) => q.a.timeMs)}::int[],
        ${questions.map((q) => q.servedAt)}::float8[], ${questions.map((q) => q.answeredAt)}::float8[])
        AS t (play_id, position, question_id, option_id, correct, time_ms, served, answered)
    ), pq AS (
      INSERT INTO play_questions (play_id, position, question_id, option_order, served_at, deadline_at)
      SELECT play_id, position, question_id,
        ARRAY(SELECT o.id FROM question_options o WHERE o.question_id = q.question_id ORDER BY o.position),
        to_timestamp(served / 1000), to_timestamp(served / 1000) + interval '180 seconds'
      FROM q
    )
    INSERT INTO play_answers (play_id, question_id, outcome, selected_option_ids, is_correct, score, scored_at,
      time_taken_ms, answered_at)
    SELECT play_id, question_id, CASE WHEN option_id IS NULL THEN 'NO_ANSWER' ELSE 'ANSWERED' END,
      CASE WHEN option_id IS NULL THEN '{}' ELSE ARRAY[option_id] END, correct,
      CASE WHEN correct THEN 0.5 + 0.5 * (1 - time_ms / 180000.0) ELSE 0 END, now(), time_ms, to_timestamp(answered / 1000)
    FROM q
  `.execute(db);
}

export interface SeededPhase {
  phaseId: string;
  gradeId: string;
  honest: SimPlay[];
  copy: { copy: string; source: string };
  fast: string;
  scripted: string;
  sharedDevice: string[];
}

/** 1,000 honest plays in one phase and grade, a copied sheet, a too-fast play, a script and four accounts on one device. */
export async function seedSimulatedPhase(db: Db, seed = TEST_SEED): Promise<SeededPhase> {
  rand = random(seed);
  const made = await makeQuizWithQuestions(db, { questions: questionSpecs });
  const questions: Question[] = made.questions.map((q, i) => {
    const [right, ...wrong] = q.options as [string, ...string[]];
    const shift = i % 3;
    return {
      id: q.id,
      chars: questionSpecs[i]![0].replace(/<[^>]*>/g, '').length,
      difficulty: -1.5 + (3 * ((i * 7) % QUESTIONS)) / QUESTIONS,
      right,
      wrong: [...wrong.slice(shift), ...wrong.slice(0, shift)],
    };
  });
  const students = await makeStudents(db, HONEST + 8, { gradeId: made.grade.id });
  const startOf = () => Date.now() - 6 * 3_600_000 + Math.floor(rand() * 4 * 3_600_000);
  const playOf = (index: number, answers: SimAnswer[], origin: Partial<SimPlay> = {}): SimPlay => ({
    id: crypto.randomUUID(),
    studentId: students[index]!.id,
    startMs: startOf(),
    ipHash: `school-${index % 60}`,
    deviceHash: `device-${index}`,
    answers,
    ...origin,
  });
  const honest = Array.from({ length: HONEST }, (_, i) => playOf(i, honestAnswers(questions)));
  // The copy's source: a classmate with plenty of wrong answers (a copied full sheet carries them all).
  const source = honest.find((p) => p.answers.filter((a) => a.optionId && !a.correct).length >= 7)!;
  const copy = playOf(
    HONEST,
    honestAnswers(questions).map((a, i) => ({ ...source.answers[i]!, timeMs: a.timeMs })),
  );
  const fast = playOf(
    HONEST + 1,
    honestAnswers(questions, 3).map((a, i) => ({
      ...a,
      timeMs: a.correct ? 450 + ((i * 37) % 400) : a.timeMs,
    })),
  );
  const scripted = playOf(
    HONEST + 2,
    honestAnswers(questions).map((a, i) => ({ ...a, timeMs: 7000 + ((i * 13) % 40) })),
  );
  const deviceStart = startOf();
  const sharedDevice = [3, 4, 5, 6].map((k) =>
    playOf(HONEST + k, honestAnswers(questions), {
      deviceHash: 'one-tablet',
      startMs: deviceStart + k * 600_000,
    }),
  );
  await insertPlays(db, made.play, [...honest, copy, fast, scripted, ...sharedDevice]);
  return {
    phaseId: made.phase.id,
    gradeId: made.grade.id,
    honest,
    copy: { copy: copy.id, source: source.id },
    fast: fast.id,
    scripted: scripted.id,
    sharedDevice: sharedDevice.map((p) => p.id),
  };
}

export interface SeededCrowd {
  phaseId: string;
  /** In finish order, one per student, all on one address. */
  playIds: string[];
}

/**
 * `count` children of one grade finishing a contest phase within `spreadMs` of each other, every
 * one from the same address (a school behind one NAT, a carrier's shared address), each on a
 * device of its own; one answer each, enough for the origin checks.
 */
export async function seedCrowdOnOneAddress(
  db: Db,
  count: number,
  spreadMs = 60_000,
  ipHash = 'one-nat',
): Promise<SeededCrowd> {
  const made = await makeQuizWithQuestions(db, { questions: questionSpecs.slice(0, 1) });
  const questionId = made.questions[0]!.id;
  const rightOption = made.questions[0]!.options[0]!;
  const students: { id: string }[] = [];
  for (let done = 0; done < count; done += 2000) {
    students.push(...(await makeStudents(db, Math.min(2000, count - done), { gradeId: made.grade.id })));
  }
  const base = Date.now() - 3_600_000;
  const plays: SimPlay[] = students.map((student, i) => ({
    id: crypto.randomUUID(),
    studentId: student.id,
    startMs: base + Math.floor((i * spreadMs) / count),
    ipHash,
    deviceHash: `crowd-device-${i}`,
    answers: [{ questionId, optionId: rightOption, correct: true, timeMs: 20_000 }],
  }));
  for (let done = 0; done < plays.length; done += 2000) {
    await insertPlays(db, made.play, plays.slice(done, done + 2000));
  }
  return { phaseId: made.phase.id, playIds: plays.map((p) => p.id) };
}
