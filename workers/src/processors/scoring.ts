import { scoreAnswer } from '@riyazi/api/play-quiz';
import { dispatchAfterCommit } from '@riyazi/api/queue';
import type { Handlers } from '../handlers.js';

/** Answer → score, play totals, play completion (DESIGN.md event path, step 3). */
export const scoringHandlers: Handlers['scoring'] = {
  'answer.score': async ({ eventId, playId, questionId }, _job, { db, queues, log }) => {
    // The jobs this worker runs at the same time are scored in one statement.
    const events = await scoreAnswer(db, { playId, questionId, eventId });
    await dispatchAfterCommit({ db, queues, log }, events);
  },
  'answers.score': async ({ answers }, _job, { db, queues, log }) => {
    const events = await Promise.all(answers.map((answer) => scoreAnswer(db, answer)));
    await dispatchAfterCommit({ db, queues, log }, events.flat());
  },
};
