import type { QuestionReportRow } from '../../contracts/question-report.js';
import { type CsvCell, csvFile, datedCsvName } from '../../lib/csv.js';

const percent = (share: number) => Math.round(share * 1000) / 10;
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

const HEADER = [
  'Question No',
  'Question',
  'Type',
  'Grade',
  'Category',
  'Served',
  'Correct',
  'Share correct %',
  'Average time s',
  'Median time s',
  'Facility',
  'Discrimination',
  'Upper third served',
  'Upper third correct',
  'Lower third served',
  'Lower third correct',
  'No answer',
  'A',
  'B',
  'C',
  'D',
  'Correct option',
  'Top wrong answers',
  'Flags',
];

function line(row: QuestionReportRow): CsvCell[] {
  const option = (letter: string) => {
    const found = row.options.find((o) => o.letter === letter);
    return found ? `${found.count} (${percent(found.share)}%)` : null;
  };
  return [
    row.questionNo,
    row.preview,
    row.type,
    row.grade.title,
    row.category.name,
    row.served,
    row.correct,
    percent(row.shareCorrect),
    seconds(row.avgTimeMs),
    seconds(row.medianTimeMs),
    row.facility,
    row.discrimination,
    row.upper.served,
    row.upper.correct,
    row.lower.served,
    row.lower.correct,
    row.noAnswer,
    option('A'),
    option('B'),
    option('C'),
    option('D'),
    row.options
      .filter((o) => o.isCorrect)
      .map((o) => o.letter)
      .join(' '),
    row.wrongAnswers.map((w) => `${w.text} (${w.count})`).join('; '),
    row.flags.join(' '),
  ];
}

/** The report as CSV: a BOM so spreadsheets read it as UTF-8, a header row, CRLF line ends. */
export function reportCsv(rows: QuestionReportRow[]): string {
  return csvFile(HEADER, rows.map(line));
}

/** question-report-2026-11-22.csv, the day in Pakistan time. */
export const csvFilename = (now = new Date()) => datedCsvName('question-report', now);
