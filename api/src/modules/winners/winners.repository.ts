import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

export const findPhase = (db: Executor, id: string) =>
  db.selectFrom('phases').select(['id', 'name', 'number']).where('id', '=', id).executeTakeFirst();

export const findGrade = (db: Executor, id: string) =>
  db.selectFrom('grades').select(['id', 'title']).where('id', '=', id).executeTakeFirst();

export const findStudent = (db: Executor, id: string) =>
  db.selectFrom('students').select(['id', 'gradeId', 'fullName']).where('id', '=', id).executeTakeFirst();

export const findStanding = (db: Executor, phaseId: string, gradeId: string, studentId: string) =>
  db
    .selectFrom('phaseStandings')
    .select(['rank', 'score'])
    .where('phaseId', '=', phaseId)
    .where('gradeId', '=', gradeId)
    .where('studentId', '=', studentId)
    .executeTakeFirst();

/** Whether the student finished a contest play of the phase in that grade, not disqualified (only then can they win it). */
export async function hasFinishedContestPlay(
  db: Executor,
  phaseId: string,
  gradeId: string,
  studentId: string,
) {
  const row = await db
    .selectFrom('plays')
    .select('id')
    .where('phaseId', '=', phaseId)
    .where('gradeId', '=', gradeId)
    .where('studentId', '=', studentId)
    .where('kind', '=', 'CONTEST')
    .where('status', '=', 'FINISHED')
    .where('disqualifiedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The top `topN` of every grade's standing in the phase become winners; students who already are
 * stay as they were. Answers how many were eligible and how many were added now.
 */
export async function insertTopWinners(trx: Trx, phaseId: string, topN: number, staffId: string) {
  const { rows } = await sql<{ eligible: string; created: string }>`
    WITH top AS (
      SELECT phase_id, grade_id, student_id, rank, score FROM phase_standings
      WHERE phase_id = ${phaseId} AND rank <= ${topN}
    ), added AS (
      INSERT INTO phase_winners (phase_id, grade_id, student_id, position, score, method, created_by)
      SELECT phase_id, grade_id, student_id, rank, score, 'AUTOMATIC', ${staffId} FROM top
      ON CONFLICT (phase_id, grade_id, student_id) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM top) AS eligible, (SELECT count(*) FROM added) AS created
  `.execute(trx);
  const row = rows[0];
  return { eligible: Number(row?.eligible ?? 0), created: Number(row?.created ?? 0) };
}

export interface NewWinner {
  phaseId: string;
  gradeId: string;
  studentId: string;
  position: number | null;
  score: number | string | null;
  createdBy: string;
}

/** The new winner's id, or undefined when the student already is one of this phase and grade. */
export async function insertManualWinner(trx: Trx, winner: NewWinner): Promise<string | undefined> {
  const row = await trx
    .insertInto('phaseWinners')
    .values({ ...winner, method: 'MANUAL' })
    .onConflict((oc) => oc.columns(['phaseId', 'gradeId', 'studentId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export const findWinnerId = async (db: Executor, phaseId: string, gradeId: string, studentId: string) =>
  (
    await db
      .selectFrom('phaseWinners')
      .select('id')
      .where('phaseId', '=', phaseId)
      .where('gradeId', '=', gradeId)
      .where('studentId', '=', studentId)
      .executeTakeFirst()
  )?.id;

function winnersQuery(db: Executor) {
  return db
    .selectFrom('phaseWinners as w')
    .innerJoin('grades as g', 'g.id', 'w.gradeId')
    .innerJoin('students as s', 's.id', 'w.studentId')
    .select([
      'w.id',
      'w.phaseId',
      'w.gradeId',
      'g.title as gradeTitle',
      'w.studentId',
      's.studentNo',
      's.fullName',
      's.schoolName',
      's.city',
      'w.position',
      'w.score',
      'w.method',
      'w.createdAt',
    ]);
}
export type WinnerRow = Awaited<ReturnType<ReturnType<typeof winnersQuery>['executeTakeFirstOrThrow']>>;

/** A phase's winners by grade order, then position (unranked last), then name. */
export const listWinners = (db: Executor, phaseId: string) =>
  winnersQuery(db)
    .where('w.phaseId', '=', phaseId)
    .orderBy('g.sortOrder')
    .orderBy(sql`w.position ASC NULLS LAST`)
    .orderBy('s.fullName')
    .execute();

export const findWinner = (db: Executor, id: string) =>
  winnersQuery(db).where('w.id', '=', id).executeTakeFirst();

export const deleteWinner = (trx: Trx, id: string) =>
  trx.deleteFrom('phaseWinners').where('id', '=', id).returning('id').executeTakeFirst();

/** A student found by number, with their standing in the phase and whether they already won it. */
export const findCandidate = (db: Executor, phaseId: string, studentNo: number) =>
  db
    .selectFrom('students as s')
    .leftJoin('grades as g', 'g.id', 's.gradeId')
    .leftJoin('phaseStandings as ps', (join) =>
      join
        .onRef('ps.studentId', '=', 's.id')
        .onRef('ps.gradeId', '=', 's.gradeId')
        .on('ps.phaseId', '=', phaseId),
    )
    .select([
      's.id',
      's.studentNo',
      's.fullName',
      's.gradeId',
      'g.title as gradeTitle',
      'ps.rank',
      'ps.score',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('phaseWinners as w')
            .select('w.id')
            .whereRef('w.studentId', '=', 's.id')
            .whereRef('w.gradeId', '=', 's.gradeId')
            .where('w.phaseId', '=', phaseId),
        )
        .as('isWinner'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('plays as p')
            .select('p.id')
            .whereRef('p.studentId', '=', 's.id')
            .whereRef('p.gradeId', '=', 's.gradeId')
            .where('p.phaseId', '=', phaseId)
            .where('p.kind', '=', 'CONTEST')
            .where('p.status', '=', 'FINISHED')
            .where('p.disqualifiedAt', 'is', null),
        )
        .as('played'),
    )
    .where('s.studentNo', '=', studentNo)
    .executeTakeFirst();

/** Every winner for the public board: phases by number, grades by order, then position and name. */
export const listChampionRows = (db: Executor) =>
  db
    .selectFrom('phaseWinners as w')
    .innerJoin('phases as p', 'p.id', 'w.phaseId')
    .innerJoin('grades as g', 'g.id', 'w.gradeId')
    .innerJoin('students as s', 's.id', 'w.studentId')
    .select([
      'p.id as phaseId',
      'p.name as phaseName',
      'p.number as phaseNumber',
      'g.id as gradeId',
      'g.title as gradeTitle',
      'w.position',
      'w.createdAt',
      's.fullName',
      's.studentNo',
      's.schoolName',
      's.city',
    ])
    // Winners go public with their phase's results (contracts/contest-lifecycle.ts: winners are only
    // chosen once every play has finished, so the release time alone decides).
    .where('p.resultsReleaseAt', '<=', new Date())
    .orderBy('p.number')
    .orderBy('g.sortOrder')
    .orderBy(sql`w.position ASC NULLS LAST`)
    .orderBy('s.fullName')
    .execute();
