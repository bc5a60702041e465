import { type RawBuilder, sql } from 'kysely';
import type { SignalKind } from '../../contracts/integrity.js';
import type { Executor } from '../../lib/db.js';
import type { AnswerFacts, PlayFacts, QuestionStats, Signal } from './integrity.types.js';

/** The finished contest plays the detectors read. */
const FINISHED_CONTEST = sql`p.kind = 'CONTEST' AND p.status = 'FINISHED' AND p.finished_at IS NOT NULL`;

/** An answer as compared between plays (the same on both sides of every comparison). */
const CHOICE = sql`CASE
    WHEN a.outcome <> 'ANSWERED' THEN NULL
    WHEN cardinality(a.selected_option_ids) > 0
      THEN 'o:' || array_to_string(ARRAY(SELECT o::text FROM unnest(a.selected_option_ids) o ORDER BY 1), ',')
    WHEN nullif(btrim(a.answer_text), '') IS NOT NULL
      THEN 't:' || lower(regexp_replace(btrim(a.answer_text), '\\s+', ' ', 'g'))
  END`;

interface ChoiceRow {
  questionId: string;
  choice: string;
  made: number;
  correct: boolean;
}

/**
 * How one phase and grade answered each question: counts, the correct answers' time percentiles
 * (`lowPercentile`, 0.1, 0.5) and how many made each choice. One pass over the grade's answers.
 */
export async function gradeDistribution(
  db: Executor,
  phaseId: string,
  gradeId: string,
  lowPercentile: number,
): Promise<QuestionStats[]> {
  const scope = sql`FROM play_answers a JOIN plays p ON p.id = a.play_id
    WHERE p.phase_id = ${phaseId} AND p.grade_id = ${gradeId} AND ${FINISHED_CONTEST}`;
  const [{ rows: questions }, { rows: choices }] = await Promise.all([
    sql<Omit<QuestionStats, 'choices' | 'correctChoice'>>`
      SELECT a.question_id AS "questionId",
        length(regexp_replace(max(q.question_html), '<[^>]*>', '', 'g'))::int AS "textLength",
        (count(*) FILTER (WHERE a.outcome = 'ANSWERED'))::int AS answered,
        (count(*) FILTER (WHERE a.is_correct))::int AS correct,
        (percentile_cont(${lowPercentile}::float8) WITHIN GROUP (ORDER BY a.time_taken_ms) FILTER (WHERE a.is_correct))::float8 AS "correctLowMs",
        (percentile_cont(0.1) WITHIN GROUP (ORDER BY a.time_taken_ms) FILTER (WHERE a.is_correct))::float8 AS "correctP10Ms",
        (percentile_cont(0.5) WITHIN GROUP (ORDER BY a.time_taken_ms) FILTER (WHERE a.is_correct))::float8 AS "correctMedianMs"
      FROM play_answers a JOIN plays p ON p.id = a.play_id JOIN questions q ON q.id = a.question_id
      WHERE p.phase_id = ${phaseId} AND p.grade_id = ${gradeId} AND ${FINISHED_CONTEST}
      GROUP BY a.question_id
    `.execute(db),
    sql<ChoiceRow>`
      SELECT a.question_id AS "questionId", ${CHOICE} AS choice, count(*)::int AS made,
        coalesce(bool_or(a.is_correct), false) AS correct
      ${scope} AND a.outcome = 'ANSWERED'
      GROUP BY 1, 2 HAVING ${CHOICE} IS NOT NULL
    `.execute(db),
  ]);
  const byQuestion = new Map<string, ChoiceRow[]>();
  for (const row of choices) {
    byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);
  }
  return questions.map((q) => {
    const made = byQuestion.get(q.questionId) ?? [];
    const correct = made.filter((c) => c.correct).sort((x, y) => y.made - x.made)[0];
    return {
      ...q,
      choices: Object.fromEntries(made.map((c) => [c.choice, c.made])),
      correctChoice: correct?.choice ?? null,
    };
  });
}

interface PlayRow extends Omit<PlayFacts, 'answers'> {}
interface AnswerRow extends AnswerFacts {
  playId: string;
}

/** Finished contest plays with their answers in play order: the given plays, or a whole phase and grade. */
export async function finishedPlays(
  db: Executor,
  scope: { playIds: string[] } | { phaseId: string; gradeId: string },
): Promise<PlayFacts[]> {
  const where: RawBuilder<unknown> =
    'playIds' in scope
      ? sql`p.id = ANY(${scope.playIds}::uuid[])`
      : sql`p.phase_id = ${scope.phaseId} AND p.grade_id = ${scope.gradeId}`;
  const { rows: plays } = await sql<PlayRow>`
    SELECT p.id AS "playId", p.student_id AS "studentId", p.phase_id AS "phaseId", p.grade_id AS "gradeId",
      (extract(epoch FROM p.finished_at) * 1000)::float8 AS "finishedAtMs",
      p.origin_ip_hash AS "originIpHash", p.origin_device_hash AS "originDeviceHash"
    FROM plays p WHERE ${where} AND ${FINISHED_CONTEST}
    ORDER BY p.finished_at, p.id
  `.execute(db);
  const { rows: answers } = await sql<AnswerRow>`
    SELECT pq.play_id AS "playId", pq.question_id AS "questionId", pq.position,
      coalesce(a.outcome = 'ANSWERED', false) AND ${CHOICE} IS NOT NULL AS answered,
      coalesce(a.is_correct, false) AS "isCorrect", coalesce(a.time_taken_ms, 0) AS "timeTakenMs",
      coalesce(extract(epoch FROM a.answered_at) * 1000, 0)::float8 AS "answeredAtMs", ${CHOICE} AS choice
    FROM plays p
    JOIN play_questions pq ON pq.play_id = p.id
    LEFT JOIN play_answers a ON a.play_id = pq.play_id AND a.question_id = pq.question_id
    WHERE ${where} AND ${FINISHED_CONTEST}
    ORDER BY pq.play_id, pq.position
  `.execute(db);
  const byPlay = new Map<string, AnswerFacts[]>(plays.map((p) => [p.playId, []]));
  for (const { playId, ...answer } of answers) {
    byPlay.get(playId)?.push(answer);
  }
  return plays.map((p) => ({ ...p, answers: byPlay.get(p.playId) ?? [] }));
}

export type OriginPlay = Pick<
  PlayFacts,
  'playId' | 'studentId' | 'gradeId' | 'finishedAtMs' | 'originIpHash' | 'originDeviceHash'
>;

/**
 * Finished contest plays of a phase with a recorded origin: all of them, or those sharing one
 * play's device or address and finishing within `withinMs` of it (the per-play check, by index).
 */
export async function originPlays(
  db: Executor,
  phaseId: string,
  near?: { deviceHash: string | null; ipHash: string | null; finishedAtMs: number; withinMs: number },
): Promise<OriginPlay[]> {
  const filter = near
    ? sql`(p.origin_device_hash = ${near.deviceHash} OR p.origin_ip_hash = ${near.ipHash})
        AND p.finished_at BETWEEN to_timestamp(${(near.finishedAtMs - near.withinMs) / 1000})
          AND to_timestamp(${(near.finishedAtMs + near.withinMs) / 1000})`
    : sql`(p.origin_device_hash IS NOT NULL OR p.origin_ip_hash IS NOT NULL)`;
  const { rows } = await sql<OriginPlay>`
    SELECT p.id AS "playId", p.student_id AS "studentId", p.grade_id AS "gradeId",
      (extract(epoch FROM p.finished_at) * 1000)::float8 AS "finishedAtMs",
      p.origin_ip_hash AS "originIpHash", p.origin_device_hash AS "originDeviceHash"
    FROM plays p
    WHERE p.phase_id = ${phaseId} AND ${FINISHED_CONTEST} AND ${filter}
  `.execute(db);
  return rows;
}

export interface OriginWindowScope {
  phaseId: string;
  by: 'DEVICE' | 'IP';
  hash: string;
  finishedAtMs: number;
  withinMs: number;
  /** Plays counted at most, and listed at most (in finish order). */
  cap: number;
  listed: number;
}

/** originWindow's statement (exported for its plan: a range scan that stops at `cap`). */
export function originWindowQuery(scope: OriginWindowScope) {
  const column = scope.by === 'DEVICE' ? sql.ref('p.origin_device_hash') : sql.ref('p.origin_ip_hash');
  return sql<OriginPlay & { students: number; counted: number }>`
    WITH w AS (
      SELECT p.id, p.student_id, p.grade_id, p.finished_at, p.origin_ip_hash, p.origin_device_hash
      FROM plays p
      WHERE p.phase_id = ${scope.phaseId} AND ${column} = ${scope.hash} AND ${FINISHED_CONTEST}
        AND p.finished_at BETWEEN to_timestamp(${(scope.finishedAtMs - scope.withinMs) / 1000})
          AND to_timestamp(${(scope.finishedAtMs + scope.withinMs) / 1000})
      ORDER BY p.finished_at, p.id
      LIMIT ${scope.cap}
    ), counts AS (
      SELECT count(DISTINCT student_id)::int AS students, count(*)::int AS counted FROM w
    )
    SELECT c.students, c.counted, f.id AS "playId", f.student_id AS "studentId", f.grade_id AS "gradeId",
      (extract(epoch FROM f.finished_at) * 1000)::float8 AS "finishedAtMs",
      f.origin_ip_hash AS "originIpHash", f.origin_device_hash AS "originDeviceHash"
    FROM counts c
    LEFT JOIN LATERAL (SELECT * FROM w ORDER BY w.finished_at, w.id LIMIT ${scope.listed}) f ON true
  `;
}

/**
 * The plays of one device or address finishing within `withinMs` of `finishedAtMs`: the distinct
 * students among the first `cap` of them and the first `listed`, in finish order. A range scan of
 * the (phase, origin, finished_at) index that stops at `cap` rows, however many share the origin.
 */
export async function originWindow(
  db: Executor,
  scope: OriginWindowScope,
): Promise<{ students: number; counted: number; first: OriginPlay[] }> {
  const { rows } = await originWindowQuery(scope).execute(db);
  const [head] = rows;
  return {
    students: head?.students ?? 0,
    counted: head?.counted ?? 0,
    first: rows.filter((r) => r.playId !== null).map(({ students: _s, counted: _c, ...play }) => play),
  };
}

/** The grades with finished contest plays in a phase, and how many plays each. */
export async function phaseGrades(
  db: Executor,
  phaseId: string,
): Promise<{ gradeId: string; plays: number }[]> {
  const { rows } = await sql<{ gradeId: string; plays: number }>`
    SELECT p.grade_id AS "gradeId", count(*)::int AS plays FROM plays p
    WHERE p.phase_id = ${phaseId} AND ${FINISHED_CONTEST}
    GROUP BY p.grade_id ORDER BY p.grade_id
  `.execute(db);
  return rows;
}

export async function phaseExists(db: Executor, phaseId: string): Promise<boolean> {
  return (
    (await db.selectFrom('phases').select('id').where('id', '=', phaseId).executeTakeFirst()) !== undefined
  );
}

/** Every phase, newest first, with its finished contest plays and the plays flagged in it. */
export async function phaseOverview(db: Executor) {
  const { rows } = await sql<{
    id: string;
    name: string;
    number: number;
    startsAt: Date;
    endsAt: Date;
    finishedPlays: number;
    flaggedPlays: number;
  }>`
    SELECT ph.id, ph.name, ph.number, ph.starts_at AS "startsAt", ph.ends_at AS "endsAt",
      (SELECT count(*) FROM plays p WHERE p.phase_id = ph.id AND ${FINISHED_CONTEST})::int AS "finishedPlays",
      (SELECT count(DISTINCT s.play_id) FROM integrity_signals s WHERE s.phase_id = ph.id)::int AS "flaggedPlays"
    FROM phases ph ORDER BY ph.number DESC
  `.execute(db);
  return rows;
}

export interface SignalRow extends Signal {
  phaseId: string;
  gradeId: string;
}

/**
 * Writes the signals found and deletes the ones of `scope` no longer found: a phase (every kind),
 * or one play's `kinds`. Upserts on (play_id, kind).
 */
export async function replaceSignals(
  db: Executor,
  scope: { phaseId: string } | { playId: string; kinds: readonly SignalKind[] },
  signals: SignalRow[],
): Promise<{ written: number; removed: number }> {
  const { rows } = await sql<{ written: number; removed: number }>`
    WITH found AS (
      SELECT * FROM unnest(
        ${signals.map((s) => s.playId)}::uuid[], ${signals.map((s) => s.kind)}::text[],
        ${signals.map((s) => s.phaseId)}::uuid[], ${signals.map((s) => s.gradeId)}::uuid[],
        ${signals.map((s) => s.strength)}::numeric[], ${signals.map((s) => JSON.stringify(s.evidence))}::jsonb[],
        ${signals.map((s) => `{${s.relatedPlayIds.join(',')}}`)}::text[]
      ) AS f (play_id, kind, phase_id, grade_id, strength, evidence, related)
    ), removed AS (
      DELETE FROM integrity_signals s
      WHERE ${'phaseId' in scope ? sql`s.phase_id = ${scope.phaseId}` : sql`s.play_id = ${scope.playId} AND s.kind = ANY(${scope.kinds}::text[])`}
        AND NOT EXISTS (SELECT 1 FROM found f WHERE f.play_id = s.play_id AND f.kind = s.kind)
      RETURNING 1
    ), written AS (
      INSERT INTO integrity_signals (play_id, kind, phase_id, grade_id, strength, evidence, related_play_ids, computed_at)
      SELECT play_id, kind, phase_id, grade_id, strength, evidence, related::uuid[], now() FROM found
      ON CONFLICT (play_id, kind) DO UPDATE SET strength = excluded.strength, evidence = excluded.evidence,
        related_play_ids = excluded.related_play_ids, computed_at = excluded.computed_at
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM written)::int AS written, (SELECT count(*) FROM removed)::int AS removed
  `.execute(db);
  return rows[0] ?? { written: 0, removed: 0 };
}

/** The one settings row; none (a wiped database) reads as no overrides. */
export async function readSettings(db: Executor): Promise<{ thresholds: unknown; updatedAt: Date }> {
  const row = await db
    .selectFrom('integritySettings')
    .select(['thresholds', 'updatedAt'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? { thresholds: {}, updatedAt: new Date(0) };
}

export async function writeSettings(db: Executor, thresholds: unknown, staffId: string) {
  const values = { thresholds: JSON.stringify(thresholds), updatedAt: new Date(), updatedBy: staffId };
  return db
    .insertInto('integritySettings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .returning(['thresholds', 'updatedAt'])
    .executeTakeFirstOrThrow();
}
