import { prepared } from '@riyazi/db';
import { sql } from 'kysely';
import { perHandle } from '../../lib/batcher.js';
import type { Executor } from '../../lib/db.js';
import { insertOutboxEventsSelect } from '../../queue/outbox.repository.js';

// The statements of the play path's start and serve (answers and the play's fixed part: answer-batches.repository.ts), each for many
// students at once (see lib/batcher.ts; a lone call is a batch of one): each takes its items as
// parallel arrays (one parameter per column, so the text never varies and is prepared once) and
// answers one result per item, in item order.

/** A uuid[] read as array_to_string(…, ','): pg's own array parser allocates per character. */
export const idList = (text: string | null): string[] => (text ? text.split(',') : []);

/** Columns are named as the caller wants them: thousands of rows skip the camelCase plugin. */
export const plain = perHandle((db: Executor) => db.withoutPlugins());

/** Everything a start decides on: the student's account, the flags, their open play, their plays of the quiz. */
export interface StartContext {
  isActive: boolean;
  gradeId: string | null;
  contestAttempts: number;
  fullName: string;
  fatherName: string | null;
  phone: string | null;
  gender: 'MALE' | 'FEMALE' | 'OTHER' | null;
  city: string | null;
  schoolName: string | null;
  referralSource: string | null;
  verificationStatus: 'NOT_SUBMITTED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  flags: unknown;
  /** The open play of this kind (a contest: of any quiz; practice: of this quiz). */
  openPlayId: string | null;
  /** Plays of this quiz that were not cancelled. */
  quizPlays: number;
  /** The quiz's phase as its contest lifecycle reads it (contracts/contest-lifecycle.ts), read fresh. */
  phase: {
    status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
    startsAt: Date;
    endsAt: Date;
    closedAt: Date | null;
  } | null;
}

/** The start context of many (student, quiz, kind) at once; undefined where the student is unknown. */
export async function startContexts(
  db: Executor,
  items: { studentId: string; quizId: string; kind: 'CONTEST' | 'PRACTICE' }[],
): Promise<(StartContext | undefined)[]> {
  const result = await sql<StartContext & { n: number }>`${prepared}
    SELECT i.n::int AS n, s.is_active AS "isActive", s.grade_id AS "gradeId",
      s.contest_attempts AS "contestAttempts", s.full_name AS "fullName", s.father_name AS "fatherName",
      s.phone, s.gender, s.city, s.school_name AS "schoolName", s.referral_source AS "referralSource",
      s.verification_status AS "verificationStatus",
      (SELECT f.flags FROM system_flags f WHERE f.id = 1) AS flags,
      (SELECT p.id FROM plays p
        WHERE p.student_id = s.id AND p.kind = i.kind AND p.status = 'IN_PROGRESS'
          AND (i.kind = 'CONTEST' OR p.quiz_id = i.quiz_id)
        LIMIT 1) AS "openPlayId",
      (SELECT count(*) FROM plays p
        WHERE p.student_id = s.id AND p.quiz_id = i.quiz_id AND p.status <> 'CANCELLED') AS "quizPlays",
      (SELECT json_build_object('status', ph.status, 'startsAt', ph.starts_at, 'endsAt', ph.ends_at,
          'closedAt', ph.closed_at)
        FROM quizzes qz JOIN phases ph ON ph.id = qz.phase_id WHERE qz.id = i.quiz_id) AS phase
    FROM unnest(
      ${items.map((i) => i.studentId)}::uuid[],
      ${items.map((i) => i.quizId)}::uuid[],
      ${items.map((i) => i.kind)}::text[]
    ) WITH ORDINALITY AS i (student_id, quiz_id, kind, n)
    JOIN students s ON s.id = i.student_id
  `.execute(plain(db));
  const byItem = new Map(result.rows.map(({ n, ...row }) => [n, { ...row, phase: phaseOf(row.phase) }]));
  return items.map((_, index) => byItem.get(index + 1));
}

type PhaseJson = {
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
  startsAt: string;
  endsAt: string;
  closedAt: string | null;
};

/** json_build_object gives times as text. */
function phaseOf(raw: unknown): StartContext['phase'] {
  if (raw === null || typeof raw !== 'object') {
    return null;
  }
  const phase = raw as PhaseJson;
  return {
    status: phase.status,
    startsAt: new Date(phase.startsAt),
    endsAt: new Date(phase.endsAt),
    closedAt: phase.closedAt === null ? null : new Date(phase.closedAt),
  };
}

/** A quiz the student's page lists, with their plays of it. */
export interface AvailableRow {
  id: string;
  title: string;
  kind: 'CONTEST' | 'PRACTICE';
  questionCount: number;
  secondsPerQuestion: number;
  attemptsAllowed: number;
  closesAt: Date | null;
  /** Plays of this quiz that were not cancelled. */
  used: number;
  openPlayId: string | null;
}

/** What the contest (or practice) page reads of one student: grade, attempts, the quizzes open to them. */
export interface AvailableFor {
  gradeId: string | null;
  contestAttempts: number;
  quizzes: AvailableRow[];
}

/**
 * The quiz page of many students at once (every child opens it in the same minute): each item's
 * grade and attempts, and the active, open quizzes of that grade, kind and phase with the student's
 * plays of each, by title; undefined where the student is unknown.
 */
export async function availableFor(
  db: Executor,
  items: { studentId: string; kind: 'CONTEST' | 'PRACTICE'; phaseId: string; now: Date }[],
): Promise<(AvailableFor | undefined)[]> {
  // One row per quiz listed, or one with a null id for a student whose page lists none.
  const result = await sql<
    Omit<AvailableRow, 'id'> & Omit<AvailableFor, 'quizzes'> & { n: number; id: string | null }
  >`${prepared}
    SELECT i.n::int AS n, s.grade_id AS "gradeId", s.contest_attempts AS "contestAttempts",
      q.id, q.title, q.kind, q.question_count AS "questionCount",
      q.seconds_per_question AS "secondsPerQuestion", q.attempts_allowed AS "attemptsAllowed",
      q.closes_at AS "closesAt", q.used, q.open_play_id AS "openPlayId"
    FROM unnest(
      ${items.map((i) => i.studentId)}::uuid[], ${items.map((i) => i.kind)}::text[],
      ${items.map((i) => i.phaseId)}::uuid[], ${items.map((i) => i.now)}::timestamptz[]
    ) WITH ORDINALITY AS i (student_id, kind, phase_id, at, n)
    JOIN students s ON s.id = i.student_id
    LEFT JOIN LATERAL (
      SELECT qz.id, qz.title, qz.kind, qz.question_count, qz.seconds_per_question, qz.attempts_allowed,
        qz.closes_at,
        (SELECT count(*) FROM plays p
          WHERE p.quiz_id = qz.id AND p.student_id = s.id AND p.status <> 'CANCELLED')::int AS used,
        (SELECT p.id FROM plays p
          WHERE p.quiz_id = qz.id AND p.student_id = s.id AND p.status = 'IN_PROGRESS' LIMIT 1) AS open_play_id
      FROM quizzes qz
      JOIN quiz_grades qg ON qg.quiz_id = qz.id AND qg.grade_id = s.grade_id
      WHERE qz.kind = i.kind AND qz.phase_id = i.phase_id AND qz.is_active
        AND (qz.opens_at IS NULL OR qz.opens_at <= i.at) AND (qz.closes_at IS NULL OR qz.closes_at > i.at)
    ) q ON true
    ORDER BY i.n, q.title, q.id
  `.execute(plain(db));
  const byItem = new Map<number, AvailableFor>();
  for (const { n, gradeId, contestAttempts, id, ...quiz } of result.rows) {
    let found = byItem.get(n);
    if (!found) {
      found = { gradeId, contestAttempts, quizzes: [] };
      byItem.set(n, found);
    }
    if (id !== null) {
      found.quizzes.push({ id, ...quiz });
    }
  }
  return items.map((_, index) => byItem.get(index + 1));
}

export interface NewPlay {
  /** Chosen by the caller, so a batch knows which row is whose. */
  id: string;
  studentId: string;
  quizId: string;
  phaseId: string;
  gradeId: string;
  kind: 'CONTEST' | 'PRACTICE';
  /** The drawn questions in play order, each with its option order. */
  questions: { questionId: string; optionOrder: string[] }[];
  secondsPerQuestion: number;
  /** A contest spends one attempt. */
  spendAttempt: boolean;
  attemptsBefore: number;
  /** Keyed hashes of where a contest play started (integrity/origin-hash.ts); null for practice. */
  originIpHash: string | null;
  originDeviceHash: string | null;
}

/**
 * Starts many plays in one statement: spends each contest's attempt, inserts the plays, their
 * questions, the audit entries and the play.started events. A play that would be the student's
 * second open one is skipped (null for it) and spends nothing. Throws when any spend would take an
 * attempt the student no longer has (the contest_attempts CHECK, code 23514): nothing is written.
 */
export async function insertPlays(
  db: Executor,
  plays: NewPlay[],
): Promise<({ id: string; startedAt: Date; attempts: number } | null)[]> {
  const drawn = plays.flatMap((play) =>
    play.questions.map((q, position) => ({ playId: play.id, position, ...q })),
  );
  const result = await sql<{ id: string; startedAt: Date; attempts: number }>`${prepared}
    WITH input AS (
      SELECT * FROM unnest(
        ${plays.map((p) => p.id)}::uuid[], ${plays.map((p) => p.studentId)}::uuid[],
        ${plays.map((p) => p.quizId)}::uuid[], ${plays.map((p) => p.phaseId)}::uuid[],
        ${plays.map((p) => p.gradeId)}::uuid[], ${plays.map((p) => p.kind)}::text[],
        ${plays.map((p) => p.questions.length)}::int[], ${plays.map((p) => p.secondsPerQuestion)}::int[],
        ${plays.map((p) => p.spendAttempt)}::boolean[], ${plays.map((p) => p.attemptsBefore)}::int[],
        ${plays.map((p) => p.originIpHash)}::text[], ${plays.map((p) => p.originDeviceHash)}::text[]
      ) AS t (id, student_id, quiz_id, phase_id, grade_id, kind, question_count, seconds, spend, attempts_before,
        origin_ip_hash, origin_device_hash)
    ), play AS (
      INSERT INTO plays (id, student_id, quiz_id, phase_id, grade_id, kind, question_count, clock_deadline_at,
        origin_ip_hash, origin_device_hash)
      SELECT id, student_id, quiz_id, phase_id, grade_id, kind, question_count,
        CASE WHEN kind = 'CONTEST' THEN now() + make_interval(secs => seconds) END, origin_ip_hash, origin_device_hash
      FROM input
      -- One order for every batch, so two batches holding the same students never deadlock.
      ORDER BY student_id
      ON CONFLICT DO NOTHING
      RETURNING id, student_id, started_at
    ), spend AS (
      UPDATE students s SET contest_attempts = s.contest_attempts - 1
      FROM play JOIN input ON input.id = play.id
      WHERE s.id = play.student_id AND input.spend
      RETURNING s.id, s.contest_attempts
    ), questions AS (
      INSERT INTO play_questions (play_id, position, question_id, option_order)
      SELECT q.play_id, q.position, q.question_id, coalesce(string_to_array(q.options, ','), '{}')::uuid[]
      -- Fifteen rows a play, a few thousand a batch: sent as joined text (pg would quote and
      -- escape each element of an array parameter) and split here.
      FROM unnest(
        string_to_array(${drawn.map((q) => q.playId).join(',')}::text, ',')::uuid[],
        string_to_array(${drawn.map((q) => q.position).join(',')}::text, ',')::int[],
        string_to_array(${drawn.map((q) => q.questionId).join(',')}::text, ',')::uuid[],
        string_to_array(${drawn.map((q) => q.optionOrder.join(',')).join(';')}::text, ';')
      ) AS q (play_id, position, question_id, options)
      JOIN play ON play.id = q.play_id
    ), started AS (
      SELECT play.id, play.student_id, play.started_at, input.kind, input.quiz_id, input.question_count,
        coalesce(spend.contest_attempts, input.attempts_before) AS attempts
      FROM play JOIN input ON input.id = play.id
      LEFT JOIN spend ON input.spend AND spend.id = play.student_id
    ), audit AS (
      INSERT INTO audit_log (actor_type, actor_id, action, target_type, target_id, details)
      SELECT 'student', student_id,
        CASE WHEN kind = 'CONTEST' THEN 'play.startContest' ELSE 'play.startPractice' END,
        'play', id::text, jsonb_build_object('quizId', quiz_id::text, 'attemptsLeft', attempts)
      FROM started
    ), event AS (
      ${insertOutboxEventsSelect('play.started', {
        playId: sql`id`,
        studentId: sql`student_id::text`,
        quizId: sql`quiz_id::text`,
        kind: sql`kind`,
        questionCount: sql`question_count`,
      })}
      FROM started
    )
    SELECT id, started_at AS "startedAt", attempts FROM started
  `.execute(plain(db));
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return plays.map((play) => byId.get(play.id) ?? null);
}

/**
 * Two CTEs of a serve: `served` starts the clock of each row of the CTE named `source` (play_id,
 * question_id, starts_at, seconds) whose question is not served yet, and `served_event` writes its
 * question.served event. `served` returns play_id, question_id, served_at and deadline_at.
 */
export const startClocks = (source: string) => sql`served AS (
      UPDATE play_questions pq
      SET served_at = src.starts_at, deadline_at = src.starts_at + make_interval(secs => src.seconds)
      FROM ${sql.table(source)} src
      WHERE pq.play_id = src.play_id AND pq.question_id = src.question_id AND pq.served_at IS NULL
      RETURNING pq.play_id, pq.question_id, pq.served_at, pq.deadline_at
    ), served_event AS (
      ${insertOutboxEventsSelect('question.served', {
        playId: sql`play_id::text`,
        questionId: sql`question_id::text`,
        deadline: sql`deadline_at`,
      })}
      FROM served
    )`;

/** One row per question of the play an item asked about (options and clock only on the asked one). */
export interface ServeRow {
  studentId: string;
  kind: 'CONTEST' | 'PRACTICE';
  status: string;
  secondsPerQuestion: number;
  position: number;
  questionId: string;
  optionOrder: string[];
  servedAt: Date | null;
  deadlineAt: Date | null;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  /** Set on every row when this call served the question first (and started its clock). */
  firstServedAt: Date | null;
  firstDeadlineAt: Date | null;
  /** Closed as "no answer" at or after its deadline: its time ran out. */
  ranOut: boolean;
  /** The asked question only: when its practice clock was paused (null: running). */
  pausedAt: Date | null;
}

/**
 * The serve of contest day: reads each item's play with its answers and, when the asked question
 * is the student's current one and not yet served, starts its clock (served_at, deadline) and
 * records the question.served event. A contest question first asked for long after the previous
 * answer already ran out there: its clock starts at that answer, so waiting never helps. The caller
 * explains a refusal from the rows (none: no such play).
 */
export async function serveMany(
  db: Executor,
  items: { playId: string; questionId: string; studentId: string; now: Date }[],
  graceMs: number,
): Promise<ServeRow[][]> {
  const result = await sql<
    Omit<ServeRow, 'optionOrder'> & { n: number; optionOrder: string | null }
  >`${prepared}
    WITH input AS (
      SELECT * FROM unnest(
        ${items.map((i) => i.playId)}::uuid[], ${items.map((i) => i.questionId)}::uuid[],
        ${items.map((i) => i.studentId)}::uuid[], ${items.map((i) => i.now)}::timestamptz[]
      ) WITH ORDINALITY AS t (play_id, question_id, student_id, at, n)
    ), state AS (
      -- LATERAL: each item reads its own play by index, whatever the statistics say.
      SELECT i.n, i.play_id, i.question_id AS asked_id, i.student_id AS asking_student_id, i.at,
        p.student_id, p.kind, p.status, qz.seconds_per_question, q.*,
        greatest(p.started_at, max(q.answered_at) OVER item) AS previous_at,
        min(q.position) FILTER (WHERE q.outcome IS NULL) OVER item AS current_position
      FROM input i
      JOIN plays p ON p.id = i.play_id
      JOIN quizzes qz ON qz.id = p.quiz_id
      CROSS JOIN LATERAL (
        SELECT pq.position, pq.question_id, pq.option_order, pq.served_at, pq.deadline_at, pq.paused_at,
          a.outcome, a.answered_at
        FROM play_questions pq
        LEFT JOIN play_answers a ON a.play_id = i.play_id AND a.question_id = pq.question_id
        WHERE pq.play_id = i.play_id
      ) q
      WINDOW item AS (PARTITION BY i.n)
    ), clock AS (
      SELECT DISTINCT ON (play_id) play_id, question_id, seconds_per_question AS seconds,
        CASE WHEN kind = 'CONTEST'
            AND at - previous_at > make_interval(secs => seconds_per_question + ${graceMs / 1000})
          THEN previous_at ELSE at END AS starts_at
      FROM state
      WHERE question_id = asked_id AND student_id = asking_student_id AND status = 'IN_PROGRESS'
        AND served_at IS NULL AND position = current_position
      ORDER BY play_id, n
    ), ${startClocks('clock')}
    -- The caller reads only the asked question's options and clock: the other rows leave them out.
    SELECT s.n::int AS n, s.student_id AS "studentId", s.kind, s.status,
      s.seconds_per_question AS "secondsPerQuestion", s.position, s.question_id AS "questionId",
      -- As text, split in JavaScript: pg's array parser allocates per character.
      CASE WHEN s.question_id = s.asked_id THEN array_to_string(s.option_order, ',') END AS "optionOrder",
      CASE WHEN s.question_id = s.asked_id THEN s.served_at END AS "servedAt",
      CASE WHEN s.question_id = s.asked_id THEN s.deadline_at END AS "deadlineAt",
      s.outcome, served.served_at AS "firstServedAt", served.deadline_at AS "firstDeadlineAt",
      -- The sweep dates its "no answer" at the deadline as read into JavaScript (whole milliseconds).
      coalesce(s.outcome = 'NO_ANSWER' AND s.answered_at >= date_trunc('milliseconds', s.deadline_at), false)
        AS "ranOut",
      CASE WHEN s.question_id = s.asked_id THEN s.paused_at END AS "pausedAt"
    FROM state s
    LEFT JOIN served ON served.play_id = s.play_id AND served.question_id = s.asked_id
    ORDER BY s.n, s.position
  `.execute(plain(db));
  const rows: ServeRow[][] = items.map(() => []);
  for (const { n, optionOrder, ...row } of result.rows) {
    rows[n - 1]?.push({ ...row, optionOrder: idList(optionOrder) });
  }
  return rows;
}
