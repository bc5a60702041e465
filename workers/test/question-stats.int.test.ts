import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { makePlay, makeQuizWithQuestions, rightOrWrong, useTestContext } from '../../test/helpers.js';
import { waitFor } from '../../test/processes.js';
import { startQuestionStats } from '../src/question-stats.js';

const t = useTestContext({ resetEachTest: true });

describe('question stats schedule', () => {
  it('counts a newly finished play into quiz_question_stats on its own, without the report', async () => {
    const setup = await makeQuizWithQuestions(t.db, { questions: [['<p>Q1</p>', 'open']] });
    await makePlay(t.db, { ...setup.play, answers: rightOrWrong(setup.questions, [true], 3000) });
    const schedule = startQuestionStats(
      { db: t.db, redis: t.redis, redisPrefix: t.config.REDIS_PREFIX, log: pino({ level: 'silent' }) },
      200,
    );
    try {
      const stats = await waitFor(
        'the play to be counted',
        async () => (await t.db.selectFrom('quizQuestionStats').selectAll().executeTakeFirst()) ?? false,
        10_000,
      );
      expect(stats).toMatchObject({
        questionId: setup.questions[0].id,
        answers: 1,
        correct: 1,
        timeSumMs: 3000,
      });
      const play = await t.db.selectFrom('plays').select('questionStatsAt').executeTakeFirstOrThrow();
      expect(play.questionStatsAt).not.toBeNull();
    } finally {
      await schedule.stop();
    }
  });
});
