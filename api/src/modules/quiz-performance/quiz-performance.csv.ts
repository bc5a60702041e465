import type { QuizPerformanceReport } from '../../contracts/quiz-performance.js';
import { type CsvCell, csvFile, datedCsvName } from '../../lib/csv.js';

const HEADER = ['Section', 'Item', 'Value', 'Detail'];
const percent = (share: number) => Math.round(share * 1000) / 10;

/** The report as one long CSV: a section per figure, one row per value (BOM, CRLF). */
export function reportCsv(r: QuizPerformanceReport): string {
  const rows: CsvCell[][] = [
    ['Summary', 'Players', r.players, null],
    ['Summary', 'Plays', r.plays, null],
    ['Summary', 'Finished', r.finished, null],
    ['Summary', 'Abandoned', r.abandoned, 'Cancelled, or the contest clock ran out'],
    ['Summary', 'In progress', r.inProgress, null],
    ['Summary', 'Mean score', r.meanScore, null],
    ['Summary', 'Median score', r.medianScore, null],
    ['Summary', 'Maximum score', r.maxScore, null],
    [
      'Summary',
      'Mean time per question s',
      r.meanTimePerQuestionMs === null ? null : Math.round(r.meanTimePerQuestionMs / 100) / 10,
      null,
    ],
    ...r.histogram.map((b): CsvCell[] => [
      'Score distribution',
      b.from === b.to ? `${b.from}` : `${b.from} to ${b.to}`,
      b.plays,
      null,
    ]),
    ...r.hardest.map((q): CsvCell[] => [
      'Hardest',
      `Q${q.questionNo}`,
      percent(q.shareCorrect),
      `${q.correct} of ${q.answers} correct: ${q.preview}`,
    ]),
    ...r.easiest.map((q): CsvCell[] => [
      'Easiest',
      `Q${q.questionNo}`,
      percent(q.shareCorrect),
      `${q.correct} of ${q.answers} correct: ${q.preview}`,
    ]),
    ['Attempts used', '1', r.attempts.one, 'students'],
    ['Attempts used', '2', r.attempts.two, 'students'],
    ['Attempts used', '3 or more', r.attempts.threeOrMore, 'students'],
    ...r.overTime.map((d): CsvCell[] => ['Finished per day', d.day, d.finished, `mean score ${d.meanScore}`]),
  ];
  return csvFile(HEADER, rows);
}

/** quiz-performance-2026-11-22.csv, the day in Pakistan time. */
export const csvFilename = (now = new Date()) => datedCsvName('quiz-performance', now);
