// Two api nodes on one database and Redis, as behind a balancer: a student answers through node B,
// a worker scores the play and ranks the grade, and a board watcher connected to node A hears it.
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVirtualStudents } from '../../loadtest/src/contest-fixtures.js';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
import {
  createTestContext,
  listeningUrl,
  makeCategory,
  makeGrade,
  makePhase,
  makeQuestion,
  makeQuiz,
  makeSubCategory,
  openSocket,
  resetDatabase,
  setFlags,
  type TestContext,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../src/runtime.js';

let nodeA: TestContext;
let nodeB: TestContext;
let workerSide: TestContext;
let workers: RunningWorkers;
let socket: Socket | undefined;

beforeAll(async () => {
  nodeA = await createTestContext({ NODE_NAME: 'node-a' });
  nodeB = await createTestContext({ NODE_NAME: 'node-b' });
  await resetDatabase(nodeA.db);
  // The workers have a database and Redis connection of their own, as their process would.
  workerSide = await createTestContext();
  workers = await startTestWorkers(workerSide);
});

afterAll(async () => {
  socket?.disconnect();
  await workers?.close();
  await workerSide.close();
  await nodeA.close();
  await nodeB.close();
});

/** A contest of two questions for one grade, open to everyone; the right option of each. */
async function openContest() {
  const phaseId = (await makePhase(nodeA.db, 1)).id;
  const gradeId = (await makeGrade(nodeA.db, 3)).id;
  const categoryId = (await makeCategory(nodeA.db)).id;
  const subCategoryId = (await makeSubCategory(nodeA.db, categoryId)).id;
  const questions = [
    await makeQuestion(nodeA.db, { gradeId, categoryId, subCategoryId }, '<p>1 + 1</p>', [false, true]),
    await makeQuestion(nodeA.db, { gradeId, categoryId, subCategoryId }, '<p>2 + 2</p>', [true, false]),
  ];
  await nodeA.db
    .insertInto('questionPhases')
    .values(questions.map((q) => ({ questionId: q.id, phaseId })))
    .execute();
  const quiz = await makeQuiz(nodeA.db, {
    gradeIds: [gradeId],
    phaseId,
    questionCount: 2,
    questionIds: questions.map((q) => q.id),
  });
  await setFlags(nodeA.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  const right = new Map(questions.map((q, i) => [q.id, q.options[i === 0 ? 1 : 0]!]));
  return { phaseId, gradeId, quizId: quiz.id, right };
}

/** The next board pushed to `socket` that ranks someone (a worker's recompute), within 15 s. */
const nextRankedBoard = (watcher: Socket) =>
  new Promise<Leaderboard>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ranked leaderboard:updated within 15 s')), 15_000);
    watcher.on('leaderboard:updated', (board: Leaderboard) => {
      if (board.rankedCount > 0) {
        clearTimeout(timer);
        resolve(board);
      }
    });
  });

describe('two api nodes', () => {
  it('pushes a board to a client of node A after a student answered through node B', async () => {
    const { phaseId, gradeId, quizId, right } = await openContest();
    const [studentId] = await createVirtualStudents(nodeA.db, gradeId, 1, 'cross-node');
    const [token] = await openStudentSessions(nodeA.db, nodeA.config.JWT_SECRET, [studentId!]);
    const [urlA, urlB] = [await listeningUrl(nodeA.app), await listeningUrl(nodeB.app)];

    socket = await openSocket(urlA);
    expect(await socket.emitWithAck('room:join', rooms.leaderboard(phaseId, gradeId))).toEqual({ ok: true });
    const board = nextRankedBoard(socket);

    const onB = async (method: 'GET' | 'POST', path: string, body?: object) => {
      const res = await fetch(`${urlB}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(
        200,
      );
      expect(res.headers.get('x-riyazi-node')).toBe('node-b');
      return res.json();
    };
    const { play } = (await onB('POST', '/api/play-quiz/', { quizId, type: 'CONTEST' })) as {
      play: { _id: string; questions: { _id: string }[] };
    };
    for (const { _id: questionId } of play.questions) {
      await onB('GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`);
      await onB('POST', '/api/play-quiz/question/submit-answer', {
        playId: play._id,
        questionId,
        answers: [right.get(questionId)],
        timeTaken: 1000,
      });
    }

    const pushed = await board;
    const stored = await nodeA.db
      .selectFrom('phaseStandings')
      .select(['rank', 'score'])
      .where('studentId', '=', studentId!)
      .executeTakeFirstOrThrow();
    expect(stored.score).toBeGreaterThan(0);
    expect(pushed).toMatchObject({ phaseId, gradeId, rankedCount: 1 });
    expect(pushed.entries).toEqual([expect.objectContaining({ rank: 1, score: stored.score })]);
  });
});
