// k6 scenario for ops, the twin of src/contest-day.ts: every virtual student starts the same
// contest at the same moment, fetches and answers its questions with think time, then polls the
// results until scored. Tokens are minted by the ops setup (students need contest attempts):
//   k6 run -e BASE_URL=https://riyazi.example -e TOKENS_FILE=tokens.json -e QUIZ_ID=<uuid> \
//     -e VUS=10000 -e START_AT_MS=$(( ($(date +%s) + 60) * 1000 )) \
//     -e THINK_MIN_MS=10000 -e THINK_MAX_MS=60000 loadtest/k6/contest-day.js
// tokens.json: a JSON array of student access tokens, one per virtual student.

import { check, fail, sleep } from 'k6';
import { SharedArray } from 'k6/data';
import http from 'k6/http';
import { Trend } from 'k6/metrics';

const tokens = new SharedArray('tokens', () => JSON.parse(open(__ENV.TOKENS_FILE)));
const vus = Number(__ENV.VUS || tokens.length);
const base = __ENV.BASE_URL || 'http://localhost:3000';
const finishToScored = new Trend('finish_to_scored', true);

export const options = {
  scenarios: {
    contest: { executor: 'per-vu-iterations', vus, iterations: 1, maxDuration: '60m' },
  },
  thresholds: {
    http_req_failed: ['rate==0'],
    'http_req_duration{name:start}': ['p(99)<1000'],
    'http_req_duration{name:submit-answer}': ['p(99)<1000'],
  },
};

const thinkMin = Number(__ENV.THINK_MIN_MS || 1000);
const thinkMax = Number(__ENV.THINK_MAX_MS || 3000);
// Every VU waits for this moment before pressing Start, as a class does on the teacher's word.
const startAt = Number(__ENV.START_AT_MS || 0);

export default function () {
  const token = tokens[(__VU - 1) % tokens.length];
  const params = (name) => ({
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    tags: { name },
  });
  // The contest page the student is on (it opens the connection Start then uses).
  http.get(`${base}/api/play-quiz/available?type=CONTEST`, params('contest-page'));
  if (startAt > Date.now()) {
    sleep((startAt - Date.now()) / 1000);
  }
  const start = http.post(
    `${base}/api/play-quiz/`,
    JSON.stringify({ quizId: __ENV.QUIZ_ID, type: 'CONTEST' }),
    params('start'),
  );
  if (!check(start, { 'start 200': (r) => r.status === 200 })) {
    fail(`start ${start.status}`);
  }
  const play = start.json('play');
  for (const q of play.questions) {
    const served = http.get(
      `${base}/api/play-quiz/question?playId=${play._id}&questionId=${q._id}`,
      params('question'),
    );
    check(served, { 'question 200': (r) => r.status === 200 });
    const question = served.json('question');
    const options = question.questionOptions;
    const answers =
      question.type === 'MCQs' ? [options[Math.floor(Math.random() * options.length)]._id] : ['1'];
    sleep((thinkMin + Math.random() * (thinkMax - thinkMin)) / 1000);
    const submitted = http.post(
      `${base}/api/play-quiz/question/submit-answer`,
      JSON.stringify({ playId: play._id, questionId: q._id, answers, timeTaken: 1000 }),
      params('submit-answer'),
    );
    check(submitted, { 'answer 200': (r) => r.status === 200 });
  }
  const finished = Date.now();
  for (let poll = 0; poll < 120; poll += 1) {
    const results = http.post(
      `${base}/api/play-quiz/results`,
      JSON.stringify({ playId: play._id }),
      params('results'),
    );
    if (results.status === 200 && !results.json('play.pending')) {
      finishToScored.add(Date.now() - finished);
      return;
    }
    sleep(0.5);
  }
  fail('results still pending after 60 s');
}
