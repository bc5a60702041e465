import { randomUUID } from 'node:crypto';
import type { PhaseWinner } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  loginStaff,
  makeGrade,
  endPhaseContest,
  makePhase,
  makePlay,
  makeQuiz,
  makeStaff,
} from '../../test/helpers.js';
import {
  auditActions,
  auto,
  finishedContestPlay,
  newStudent,
  outboxCount,
  post,
  promoteForm,
  rankedPhase,
  superAdmin,
  t,
  winnerCount,
} from './winners.fixtures.js';

/** A Super Admin promotes the student to the phase's winners of the grade, password re-checked. */
async function promoteAsSuperAdmin(phaseId: string, gradeId: string, winnerId: string) {
  const { staff, token } = await superAdmin();
  return promoteForm(token, { password: staff.password, phaseId, winnerId, gradeId });
}

describe('POST /api/phaseWinner/create/automatically', () => {
  it('makes the top 3 of every grade winners, with their rank as position, and announces it', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();

    const res = await auto(token, { phaseId, password: staff.password });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ created: 6, alreadyWinners: 0 });

    const rows = await t.db
      .selectFrom('phaseWinners')
      .select(['gradeId', 'studentId', 'position', 'method', 'createdBy'])
      .orderBy('gradeId')
      .orderBy('position')
      .execute();
    for (const grade of grades) {
      const ofGrade = rows.filter((r) => r.gradeId === grade.id);
      expect(ofGrade.map((r) => r.studentId)).toEqual(students[grade.id]!.slice(0, 3).map((s) => s.id));
      expect(ofGrade.map((r) => r.position)).toEqual([1, 2, 3]);
    }
    expect(new Set(rows.map((r) => r.method))).toEqual(new Set(['AUTOMATIC']));
    expect(rows.every((r) => r.createdBy === staff.id)).toBe(true);
    expect(await auditActions('phaseWinner.createAutomatic')).toHaveLength(1);
    expect(await outboxCount('champions.updated')).toBe(1);
  });

  it('waits for the contest to end and every play to finish, saying why', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    await t.db
      .updateTable('phases')
      .set({ status: 'ACTIVE', closedAt: null, resultsReleaseAt: null })
      .where('id', '=', phaseId)
      .execute();
    const open = await auto(token, { phaseId, password: staff.password });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(
      "Phase 1's contest has not ended: end it first, then choose its winners.",
    );
    const gradeId = grades[0]!.id;
    const promote = await promoteAsSuperAdmin(phaseId, gradeId, students[gradeId]![0]!.id);
    expect(promote.statusCode).toBe(409);

    // Ended a minute ago with a child still playing: closing until that play's clock runs out.
    const quiz = await makeQuiz(t.db, { gradeIds: [gradeId], phaseId });
    await makePlay(t.db, {
      quizId: quiz.id,
      phaseId,
      gradeId,
      studentId: students[gradeId]![4]!.id,
      status: 'IN_PROGRESS',
      answers: [],
    });
    await t.db
      .updateTable('phases')
      .set({ status: 'CLOSED', closedAt: new Date(Date.now() - 60_000) })
      .where('id', '=', phaseId)
      .execute();
    const closing = await auto(token, { phaseId, password: staff.password });
    expect(closing.statusCode).toBe(409);
    expect(closing.json().message).toMatch(
      /^Phase 1's contest is closing: plays in progress finish by .* PKT; choose its winners after that\.$/,
    );
    expect(await winnerCount()).toBe(0);
  });

  it('is idempotent: a second call adds nobody and says who already won', async () => {
    const { phaseId } = await rankedPhase();
    const { staff, token } = await superAdmin();
    expect((await auto(token, { phaseId, password: staff.password })).statusCode).toBe(201);

    const again = await auto(token, { phaseId, password: staff.password });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual({ created: 0, alreadyWinners: 6 });
    expect(await winnerCount()).toBe(6);
    expect(await outboxCount('champions.updated')).toBe(1);

    const more = await auto(token, { phaseId, password: staff.password, topN: 4 });
    expect(more.json().data).toEqual({ created: 2, alreadyWinners: 6 });
  });

  it('refuses a topN outside 1 to 50', async () => {
    const { phaseId } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const res = await auto(token, { phaseId, password: staff.password, topN: 51 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('topN: must be at most 50');
  });

  it('answers 409 for a phase nobody is ranked in yet', async () => {
    const phase = await makePhase(t.db, 1);
    await endPhaseContest(t.db, phase.id);
    const { staff, token } = await superAdmin();
    const res = await auto(token, { phaseId: phase.id, password: staff.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Phase 1 has no ranked students yet.');
  });
});

describe('the password re-check', () => {
  it('refuses a wrong password with 403, audits it and creates no winner', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const student = students[grades[0]!.id]![4]!;

    const res = await promoteForm(token, {
      password: 'not my password',
      phaseId,
      winnerId: student.id,
      gradeId: grades[0]!.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Incorrect password' });
    expect(await winnerCount()).toBe(0);
    const audits = await auditActions('phaseWinner.passwordRejected');
    expect(audits.map((a) => a.actorId)).toEqual([staff.id]);
    expect(await outboxCount('champions.updated')).toBe(0);
  });

  it('audits a wrong password on automatic creation with 403, creating no winner', async () => {
    const { phaseId } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const res = await auto(token, { phaseId, password: 'not my password', topN: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Incorrect password' });
    expect(await winnerCount()).toBe(0);
    const audits = await auditActions('phaseWinner.passwordRejected');
    expect(audits.map((a) => a.actorId)).toEqual([staff.id]);
    expect(await auditActions('phaseWinner.createAutomatic')).toEqual([]);
    expect(await outboxCount('champions.updated')).toBe(0);
  });

  it('audits a wrong password on removing a winner with 403, removing nobody', async () => {
    const { phaseId } = await rankedPhase();
    const { staff, token } = await superAdmin();
    expect((await auto(token, { phaseId, password: staff.password, topN: 1 })).statusCode).toBe(201);
    const [winner] = await t.db.selectFrom('phaseWinners').select('id').execute();
    const announced = await outboxCount('champions.updated');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/phaseWinner/delete/?id=${winner!.id}`,
      headers: bearer(token),
      payload: { password: 'not my password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Incorrect password' });
    expect(await winnerCount()).toBe(2);
    const audits = await auditActions('phaseWinner.passwordRejected');
    expect(audits.map((a) => a.actorId)).toEqual([staff.id]);
    expect(await auditActions('phaseWinner.delete')).toEqual([]);
    expect(await outboxCount('champions.updated')).toBe(announced);
  });

  it('pauses re-checks after 5 wrong passwords in 15 minutes, even for the right one', async () => {
    const { phaseId } = await rankedPhase();
    const { staff, token } = await superAdmin();
    for (let i = 0; i < 5; i += 1) {
      expect((await auto(token, { phaseId, password: `wrong ${i}` })).statusCode).toBe(403);
    }
    const sixth = await auto(token, { phaseId, password: 'wrong again' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(
      /^Too many incorrect passwords\. Please try again in 1[45] minutes\.$/,
    );
    expect((await auto(token, { phaseId, password: staff.password })).statusCode).toBe(429);
    expect(await winnerCount()).toBe(0);
  });

  it('refuses staff with student update who are not Super Admin, before any password check', async () => {
    const { phaseId } = await rankedPhase();
    const staff = await makeStaff(t.db, {
      permissions: [
        ['student', 'update'],
        ['student', 'read'],
      ],
    });
    const { accessToken } = await loginStaff(t.app, staff);
    const res = await auto(accessToken, { phaseId, password: staff.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only a Super Admin can change phase winners');
    expect(await winnerCount()).toBe(0);
  });

  it('refuses staff without student update with 403', async () => {
    const { phaseId } = await rankedPhase();
    const staff = await makeStaff(t.db, { permissions: [['student', 'read']] });
    const { accessToken } = await loginStaff(t.app, staff);
    expect((await auto(accessToken, { phaseId, password: staff.password })).statusCode).toBe(403);
  });
});

describe('POST /api/phaseWinner/create/manually', () => {
  it('promotes a student sent as multipart form data with 201, once', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const grade = grades[1]!;
    const student = students[grade.id]![4]!;
    const fields = { password: staff.password, phaseId, winnerId: student.id, gradeId: grade.id };

    const res = await promoteForm(token, fields);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; data: PhaseWinner }>();
    expect(body.message).toBe('Student promoted as winner');
    expect(body.data).toMatchObject({
      phaseId,
      grade: { _id: grade.id, title: grade.title },
      student: { _id: student.id, studentId: student.studentNo, fullName: student.fullName },
      position: 5,
      method: 'MANUAL',
    });
    expect(await auditActions('phaseWinner.createManual')).toHaveLength(1);

    const again = await promoteForm(token, fields);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(body.data._id);
    expect(await winnerCount()).toBe(1);
    expect(await outboxCount('champions.updated')).toBe(1);
  });

  it('accepts JSON and a urlencoded form too', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const grade = grades[0]!;
    const [first, second] = students[grade.id]!;
    const json = await post(token, '/api/phaseWinner/create/manually', {
      password: staff.password,
      phaseId,
      winnerId: first!.id,
      gradeId: grade.id,
    });
    expect(json.statusCode, json.body).toBe(201);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/phaseWinner/create/manually',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        password: staff.password,
        phaseId,
        winnerId: second!.id,
        gradeId: grade.id,
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(await winnerCount()).toBe(2);
  });

  it('promotes a student who finished a contest play but is not ranked yet, with no position', async () => {
    const phase = await makePhase(t.db, 1);
    await endPhaseContest(t.db, phase.id);
    const grade = await makeGrade(t.db, 6);
    const student = await newStudent(grade.id);
    await finishedContestPlay(phase.id, grade.id, student.id);
    const res = await promoteAsSuperAdmin(phase.id, grade.id, student.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ position: null, score: null });
  });

  it('refuses a student without a finished contest play in the phase with 409, naming phase and grade', async () => {
    const phase = await makePhase(t.db, 1);
    await endPhaseContest(t.db, phase.id);
    const grade = await makeGrade(t.db, 6);
    const student = await newStudent(grade.id);
    const quiz = await makeQuiz(t.db, { gradeIds: [grade.id], phaseId: phase.id });
    const unfinished = { quizId: quiz.id, phaseId: phase.id, gradeId: grade.id, studentId: student.id };
    await makePlay(t.db, { ...unfinished, status: 'IN_PROGRESS', answers: [] });
    await makePlay(t.db, { ...unfinished, kind: 'PRACTICE', answers: [] });
    const res = await promoteAsSuperAdmin(phase.id, grade.id, student.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Fatima Malik has no finished contest play in Phase 1 (${grade.title}), so cannot be one of its winners.`,
    );
    expect(await winnerCount()).toBe(0);
  });

  it('refuses a student of another grade with 400, and unknown ids with 404', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const student = students[grades[0]!.id]![0]!;
    const wrongGrade = await promoteForm(token, {
      password: staff.password,
      phaseId,
      winnerId: student.id,
      gradeId: grades[1]!.id,
    });
    expect(wrongGrade.statusCode).toBe(400);
    expect(wrongGrade.json().message).toBe(`${student.fullName} is not in ${grades[1]!.title}.`);

    const unknown = await promoteForm(token, {
      password: staff.password,
      phaseId,
      winnerId: randomUUID(),
      gradeId: grades[0]!.id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Student not found');

    const missing = await promoteForm(token, { password: staff.password, phaseId, gradeId: grades[0]!.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^winnerId: /);
    expect(await winnerCount()).toBe(0);
  });
});

describe('listing, finding and removing winners', () => {
  it('lists winners, finds a candidate by number and removes a winner after the password', async () => {
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token } = await superAdmin();
    await auto(token, { phaseId, password: staff.password, topN: 1 });
    const headers = bearer(token);

    const list = await t.app.inject({ method: 'GET', url: `/api/phaseWinner/?phaseId=${phaseId}`, headers });
    const winners = list.json<{ data: PhaseWinner[] }>().data;
    expect(winners.map((w) => w.grade._id)).toEqual(grades.map((g) => g.id));

    const candidate = students[grades[0]!.id]![1]!;
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/phaseWinner/candidate/?phaseId=${phaseId}&studentNo=${candidate.studentNo}`,
      headers,
    });
    expect(found.json().data).toMatchObject({ _id: candidate.id, rank: 2, addWinner: true });
    const winner = students[grades[0]!.id]![0]!;
    const already = await t.app.inject({
      method: 'GET',
      url: `/api/phaseWinner/candidate/?phaseId=${phaseId}&studentNo=${winner.studentNo}`,
      headers,
    });
    expect(already.json().data.addWinner).toBe(false);

    const target = winners[0]!._id;
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/phaseWinner/delete/?id=${target}`,
      headers,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/phaseWinner/delete/?id=${target}`,
      headers,
      payload: { password: staff.password },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await winnerCount()).toBe(1);
    expect(await auditActions('phaseWinner.delete')).toHaveLength(1);
  });
});
