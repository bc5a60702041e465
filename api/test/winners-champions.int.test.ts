import type { ChampionsBoard, ChampionsUpdatedEvent } from '@riyazi/api/contracts';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  connectedSocket,
  endPhaseContest,
  makeGrade,
  makePhase,
  nextEvent,
  type TestStaff,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';
import {
  auto,
  finishedContestPlay,
  newStudent,
  post,
  promoteForm,
  rankedPhase,
  superAdmin,
  t,
} from './winners.fixtures.js';

describe('GET /api/champions', () => {
  async function boardWithOneWinner() {
    const phase = await makePhase(t.db, 1);
    await endPhaseContest(t.db, phase.id);
    const grade = await makeGrade(t.db, 3);
    const student = await newStudent(grade.id, 'Fatima Malik', {
      schoolName: 'Beacon House',
      city: 'Multan',
    });
    await t.db
      .insertInto('phaseWinners')
      .values({
        phaseId: phase.id,
        gradeId: grade.id,
        studentId: student.id,
        position: 1,
        method: 'AUTOMATIC',
      })
      .execute();
    return { phase, grade, student };
  }

  const board = async () => {
    await announceCacheChanges(t.db, everything('champions'));
    return (await t.app.inject({ method: 'GET', url: '/api/champions' })).json<ChampionsBoard>();
  };

  const setDisplay = (values: { nameStyle: string; showSchool: boolean; showCity: boolean }) =>
    t.db
      .insertInto('publicDisplaySettings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();

  it('is empty without winners', async () => {
    expect(await board()).toEqual({ phases: [], updatedAt: null, asOf: expect.any(String) });
  });

  it('shows first name and initial, school and city when no settings are saved', async () => {
    const { phase, grade } = await boardWithOneWinner();
    const res = await board();
    expect(res.phases).toEqual([
      {
        _id: phase.id,
        title: 'Phase 1',
        number: 1,
        grades: [
          {
            gradeId: grade.id,
            title: grade.title,
            winners: [{ position: 1, name: 'Fatima M.', school: 'Beacon House', city: 'Multan' }],
          },
        ],
      },
    ]);
    expect(res.updatedAt).not.toBeNull();
  });

  it('names winners in full or by student number, and hides school and city when switched off', async () => {
    const { student } = await boardWithOneWinner();
    await setDisplay({ nameStyle: 'FULL', showSchool: true, showCity: false });
    expect((await board()).phases[0]!.grades[0]!.winners[0]).toEqual({
      position: 1,
      name: 'Fatima Malik',
      school: 'Beacon House',
      city: null,
    });
    await setDisplay({ nameStyle: 'STUDENT_NO', showSchool: false, showCity: true });
    expect((await board()).phases[0]!.grades[0]!.winners[0]).toEqual({
      position: 1,
      name: `Student ${student.studentNo}`,
      school: null,
      city: 'Multan',
    });
  });

  it('orders a grade by position, a promoted student without one last', async () => {
    const { phaseId, grades } = await rankedPhase();
    const { staff, token } = await superAdmin();
    const late = await newStudent(grades[0]!.id, 'Aaliya Zafar');
    await finishedContestPlay(phaseId, grades[0]!.id, late.id);
    await post(token, '/api/phaseWinner/create/manually', {
      password: staff.password,
      phaseId,
      winnerId: late.id,
      gradeId: grades[0]!.id,
    });
    await auto(token, { phaseId, password: staff.password, topN: 2 });
    const winners = (await board()).phases[0]!.grades[0]!.winners;
    expect(winners.map((w) => [w.position, w.name])).toEqual([
      [1, 'Ali K.'],
      [2, 'Sara K.'],
      [null, 'Aaliya Z.'],
    ]);
  });

  it("shows a phase's winners only once its results are released", async () => {
    const { phaseId, grades } = await rankedPhase();
    const { staff, token } = await superAdmin();
    await t.db.updateTable('phases').set({ resultsReleaseAt: null }).where('id', '=', phaseId).execute();
    await auto(token, { phaseId, password: staff.password, topN: 1 });
    await announceCacheChanges(t.db, everything('champions'));
    expect((await board()).phases).toEqual([]);

    await t.db
      .updateTable('phases')
      .set({ resultsReleaseAt: new Date(Date.now() - 1000) })
      .where('id', '=', phaseId)
      .execute();
    await announceCacheChanges(t.db, everything('champions'));
    expect((await board()).phases[0]!.grades.map((g) => g.gradeId)).toEqual(grades.map((g) => g.id));
  });
});

describe('live champions', () => {
  it("pushes 'champions:updated' to the champions room when a student is promoted", async () => {
    const workers = await startTestWorkers(t);
    onTestFinished(() => workers.close());
    const socket = await connectedSocket(t.app);
    onTestFinished(() => {
      socket.disconnect();
    });
    expect(await socket.emitWithAck('room:join', 'champions')).toEqual({ ok: true });
    const { phaseId, grades, students } = await rankedPhase();
    const { staff, token }: { staff: TestStaff; token: string } = await superAdmin();
    const heard = nextEvent<ChampionsUpdatedEvent>(socket, 'champions:updated');
    const res = await promoteForm(token, {
      password: staff.password,
      phaseId,
      winnerId: students[grades[0]!.id]![0]!.id,
      gradeId: grades[0]!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(Date.parse((await heard).updatedAt)).not.toBeNaN();
  });
});
