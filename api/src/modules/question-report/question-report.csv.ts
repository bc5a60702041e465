import type { QuestionReportRow } from '../../contracts/question-report.js';

type Cell = string | number | null;

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe; numbers are written as numbers, so a negative D stays a number.
 */
export function csvCell(value: Cell): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'number') {
    return String(value);
  }
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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

function line(row: QuestionReportRow): Cell[] {
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
  const lines = [HEADER, ...rows.map(line)].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** question-report-2026-11-22.csv, the day in Pakistan time. */
export function csvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(now);
  return `question-report-${/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : 'export'}.csv`;
}
