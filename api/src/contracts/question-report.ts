// The question report (item statistics), shared by api and client; keep it dependency-free.

import type { ListPage } from './list-page.js';

export const REPORT_SORTS = [
  'questionNo',
  'served',
  'shareCorrect',
  'avgTime',
  'medianTime',
  'facility',
  'discrimination',
] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_ORDERS = ['asc', 'desc'] as const;
export type ReportOrder = (typeof REPORT_ORDERS)[number];
export const REPORT_KINDS = ['PRACTICE', 'CONTEST'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FLAGS = [
  'NOBODY_CORRECT',
  'EVERYBODY_CORRECT',
  'NEGATIVE_DISCRIMINATION',
  'LOW_DISCRIMINATION',
] as const;
export type ReportFlag = (typeof REPORT_FLAGS)[number];

/** Days are calendar days in Pakistan time: from/to select plays finished on those days, inclusive. */
export const REPORT_TIME_ZONE = 'Asia/Karachi';
/** A flag needs this many servings (per third for the discrimination flags) to mean anything. */
export const FLAG_MIN_SERVED = 5;
/** D below this (Ebel's "poor item" line) is low discrimination. */
export const LOW_DISCRIMINATION_BELOW = 0.2;

export interface ReportOptionCount {
  letter: string;
  position: number;
  isCorrect: boolean;
  /** Answers that selected this option (a multi-select answer counts for each option it selected). */
  count: number;
  /** count / served. */
  share: number;
}

export interface ReportWrongAnswer {
  /** The answer trimmed and lower-cased. */
  text: string;
  count: number;
}

export interface QuestionReportRow {
  _id: string;
  questionNo: number;
  preview: string;
  /** The preview with formulas kept as `span.math-inline` for KaTeX (text escaped, nothing else). */
  previewHtml: string;
  type: 'MCQs' | 'Open Ended';
  grade: { _id: string; title: string };
  category: { _id: string; name: string };
  served: number;
  correct: number;
  answered: number;
  noAnswer: number;
  /** correct / served, 0..1; the facility index is the same number. */
  shareCorrect: number;
  facility: number;
  avgTimeMs: number | null;
  medianTimeMs: number | null;
  /** p(upper third) − p(lower third), −1..1; null when a third was never served the question. */
  discrimination: number | null;
  upper: { served: number; correct: number };
  lower: { served: number; correct: number };
  options: ReportOptionCount[];
  wrongAnswers: ReportWrongAnswer[];
  flags: ReportFlag[];
}

export interface QuestionReportPage extends ListPage<QuestionReportRow> {
  /** Finished plays in the filtered set (the population ranked into thirds). */
  plays: number;
}

export const optionLetter = (position: number) => String.fromCharCode(64 + position);
