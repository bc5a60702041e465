// The children's side of the rehearsal, run on the rz-client host by run.ts: virtual students play
// the contest through nginx (rz-lb) as phones do (a request that got no answer or a 5xx is sent
// again with backoff, for up to two minutes), and a board watcher listens on a WebSocket through
// nginx. Reads its brief from the file named on the command line; writes what happened to <file>.out.
import { readFileSync, writeFileSync } from 'node:fs';
import { io as connect } from 'socket.io-client';
import { randomAnswer, type ServedQuestion, thinkTimes } from '../contest-fixtures.js';
import { type Response, request } from '../http-client.js';

export interface ContestBrief {
  base: string;
  tokens: string[];
  quizId: string;
  room: string;
  /** The public board a visitor reads over HTTP (the read replica serves it when it can). */
  boardPath: string;
  think: string;
  /** Students start spread over this many seconds: plays finish (and boards move) all along. */
  rampSeconds: number;
}

export interface ContestOutcome {
  t0: number;
  t1: number;
  acked: { playId: string; questionId: string; answers: string[]; at: number }[];
  plays: string[];
  /** Every non-200 answer a child saw (then retried or given up), with when. */
  errors: { key: string; at: number }[];
  /** Requests given up on (after two minutes of retries, or a 4xx). */
  refused: string[];
  /** Time of each submit-answer from first send to its 200 (retries included), ms. */
  answerMs: number[];
  boards: number[];
  boardDisconnects: number[];
  /** Each HTTP board read by the visitor: when, its status, and how old its data was (asOf), ms. */
  boardReads: { at: number; status: number; ageMs: number | null }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const briefFile = process.argv[2] as string;
const brief = JSON.parse(readFileSync(briefFile, 'utf8')) as ContestBrief;
const think = thinkTimes(brief.think);
const out: ContestOutcome = {
  t0: 0,
  t1: 0,
  acked: [],
  plays: [],
  errors: [],
  refused: [],
  answerMs: [],
  boards: [],
  boardDisconnects: [],
  boardReads: [],
};

const keyOf = (what: string, res: Response) =>
  `${what} ${res.status} ${(res.body as { code?: string } | null)?.code ?? ''}`.trim();

async function persistent(what: string, send: () => Promise<Response>): Promise<Response> {
  let wait = 250;
  for (const deadline = Date.now() + 120_000; ; ) {
    const res = await send();
    if (res.status === 200) {
      return res;
    }
    out.errors.push({ key: keyOf(what, res), at: Date.now() });
    if ((res.status !== 0 && res.status < 500) || Date.now() > deadline) {
      out.refused.push(keyOf(what, res));
      return res;
    }
    await sleep(wait);
    wait = Math.min(2000, wait * 2);
  }
}

async function student(token: string, index: number) {
  const { base, quizId } = brief;
  await sleep((index / brief.tokens.length) * brief.rampSeconds * 1000);
  await persistent('contest page', () =>
    request(base, 'GET', '/api/play-quiz/available?type=CONTEST', token),
  );
  const started = await persistent('start', () =>
    request(base, 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' }),
  );
  if (started.status !== 200) {
    return;
  }
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  out.plays.push(play._id);
  for (const { _id: questionId } of play.questions) {
    const served = await persistent('question', () =>
      request(base, 'GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`, token),
    );
    if (served.status !== 200) {
      return;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    await sleep(think.next());
    const body = { playId: play._id, questionId, answers, timeTaken: 1000 };
    const sent = performance.now();
    const submitted = await persistent('submit-answer', () =>
      request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body),
    );
    if (submitted.status !== 200) {
      return;
    }
    out.answerMs.push(performance.now() - sent);
    out.acked.push({ playId: play._id, questionId, answers, at: Date.now() });
  }
  for (let poll = 0; poll < 120; poll += 1) {
    const results = await persistent('results', () =>
      request(base, 'POST', '/api/play-quiz/results', token, { playId: play._id }),
    );
    if (results.status !== 200 || !(results.body as { play: { pending: boolean } }).play.pending) {
      break;
    }
    await sleep(500);
  }
}

/** A board watcher through nginx that reconnects (to whichever node) and joins the room again. */
function watchBoards() {
  const socket = connect(brief.base, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelayMax: 1000,
  });
  socket.on('connect', () => {
    socket.timeout(10_000).emit('room:join', brief.room, () => {});
  });
  socket.on('leaderboard:updated', () => {
    out.boards.push(Date.now());
    // run.ts times its drill by these: the fault comes while boards are moving.
    console.log('board');
  });
  socket.on('disconnect', () => out.boardDisconnects.push(Date.now()));
  return socket;
}

/** A visitor reading the public board over HTTP once a second (the replica's share of the load). */
function pollBoard() {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const res = await request(brief.base, 'GET', brief.boardPath, null);
      const asOf = (res.body as { asOf?: string } | null)?.asOf;
      out.boardReads.push({
        at: Date.now(),
        status: res.status,
        ageMs: asOf ? Date.now() - Date.parse(asOf) : null,
      });
      await sleep(1000);
    }
  })();
  return () => {
    stopped = true;
  };
}

const socket = watchBoards();
const stopPolling = pollBoard();
await sleep(1000);
// run.ts waits for this line to know the contest is on (its clock and this one are the same machine's).
console.log('playing');
out.t0 = Date.now();
await Promise.all(brief.tokens.map((token, i) => student(token, i)));
out.t1 = Date.now();
const save = () => writeFileSync(`${briefFile}.out`, JSON.stringify(out));
// Saved now, and again with the boards heard until run.ts says stop.
save();
console.log('played');
// Boards keep coming while the last plays are ranked: run.ts tells us to stop (SIGTERM).
await new Promise<void>((resolve) => {
  process.once('SIGTERM', () => resolve());
  setTimeout(resolve, 120_000);
});
stopPolling();
socket.off('disconnect');
socket.disconnect();
save();
process.exit(0);
