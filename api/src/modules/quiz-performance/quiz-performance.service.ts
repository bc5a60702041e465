import type { Db } from '@riyazi/db';
import type { QuizPerformanceQuestion, QuizPerformanceReport } from '../../contracts/quiz-performance.js';
import { plainTextPreview } from '../../lib/rich-text.js';
import * as repo from './quiz-performance.repository.js';
import type { QuizPerformanceFilter } from './quiz-performance.schemas.js';

/*
 * Definitions (also in the page's help text):
 * - plays: every play matching the filters (practice and contest); players: distinct students.
 * - abandoned: CANCELLED, or IN_PROGRESS whose contest clock ran out; inProgress: still on the clock.
 * - scores (mean, median, histogram, over time): FINISHED plays only.
 * - histogram: bins of width ceil(max / 10) from 0, the last one ending at the maximum score, where the
 *   maximum is the largest question count (one point a question) or the best score if higher.
 * - time per question: mean time_taken_ms over ANSWERED answers of finished plays.
 * - hardest / easiest: the 5 questions with the lowest / highest share of correct answers.
 * - attempts: students by how many contest plays they used (1, 2, 3 or more).
 */

export const TOP_QUESTIONS = 5;
const MAX_BINS = 10;
/** Plays counted per transaction: short locks, whatever the backlog. */
const COUNT_BATCH = 5000;

/**
 * Counts every finished play not counted yet into the per-question figures, a batch at a time;
 * returns how many. The workers run it every few seconds, the report before it reads (so it is
 * never behind, and its own pass is small).
 */
export async function countFinishedPlays(db: Db, batch = COUNT_BATCH): Promise<number> {
  let counted = 0;
  for (;;) {
    const plays = await repo.countFinishedPlays(db, batch);
    counted += plays;
    if (plays < batch) {
      return counted;
    }
  }
}

const round = (value: number | null, places = 2) => {
  if (value === null) {
    return null;
  }
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

/**
 * Finished plays per bin of width ceil(max / 10) from 0, the last bin ending at the maximum score,
 * from the plays per whole score. floor(floor(s) / w) = floor(s / w): a whole score bins as the
 * scores that floor to it.
 */
export function histogramOf(maxScore: number, scores: readonly { score: number; plays: number }[]) {
  const width = Math.max(1, Math.ceil(maxScore / MAX_BINS));
  const last = Math.floor(maxScore / width);
  const bins = Array.from({ length: last + 1 }, (_, i) => ({
    from: i * width,
    to: i === last ? maxScore : i * width + width - 1,
    plays: 0,
  }));
  for (const { score, plays } of scores) {
    const bin = bins[Math.min(Math.floor(score / width), last)];
    if (bin) {
      bin.plays += plays;
    }
  }
  return bins;
}

const question = (row: repo.QuestionRow): QuizPerformanceQuestion => ({
  _id: row.questionId,
  questionNo: Number(row.questionNo),
  preview: plainTextPreview(row.questionHtml, 80),
  answers: row.answers,
  correct: row.correct,
  shareCorrect: round(row.shareCorrect, 4) ?? 0,
});

export async function quizPerformance(db: Db, filter: QuizPerformanceFilter): Promise<QuizPerformanceReport> {
  await countFinishedPlays(db);
  const [summary, questions, days, scores, options] = await Promise.all([
    repo.summary(db, filter),
    repo.questionFigures(db, filter, TOP_QUESTIONS),
    repo.overTime(db, filter),
    repo.scoreCounts(db, filter),
    repo.filterOptions(db),
  ]);
  const optionsOf = (kind: 'quiz' | 'phase' | 'grade') =>
    options.filter((o) => o.kind === kind).map((o) => ({ _id: o.id, name: o.name }));
  return {
    players: summary.players,
    plays: summary.plays,
    finished: summary.finished,
    abandoned: summary.abandoned,
    inProgress: summary.inProgress,
    meanScore: round(summary.meanScore),
    medianScore: round(summary.medianScore),
    maxScore: summary.maxScore,
    meanTimePerQuestionMs: round(questions.meanTimeMs, 0),
    histogram: summary.finished > 0 ? histogramOf(summary.maxScore, scores) : [],
    hardest: questions.hardest.map(question),
    easiest: questions.easiest.map(question),
    attempts: { one: summary.one, two: summary.two, threeOrMore: summary.threeOrMore },
    overTime: days.map((d) => ({ day: d.day, finished: d.finished, meanScore: round(d.meanScore) ?? 0 })),
    options: { quizzes: optionsOf('quiz'), phases: optionsOf('phase'), grades: optionsOf('grade') },
  };
}
