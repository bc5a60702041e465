import { dispatchAfterCommit } from '@riyazi/api/queue';
import type { Handlers } from '../handlers.js';

/** Answer → score, play totals, play completion (DESIGN.md event path, step 3). */
export const scoringHandlers: Handlers['scoring'] = {
  'answer.score': async ({ eventId, playId, questionId }, _job, { db, queues, log, engine }) => {
    // The jobs this worker runs at the same time are scored in one statement.
    const events = await engine.scoreAnswer({ playId, questionId, eventId });
    await dispatchAfterCommit({ db, queues, log }, events);
  },
  'answers.score': async ({ answers }, _job, { db, queues, log, engine }) => {
    const events = await Promise.all(answers.map((answer) => engine.scoreAnswer(answer)));
    await dispatchAfterCommit({ db, queues, log }, events.flat());
  },
};
