import {
  FLAG_MIN_SERVED,
  LOW_DISCRIMINATION_BELOW,
  optionLetter,
  type QuestionReportPage,
  type QuestionReportRow,
  type ReportFlag,
} from '../../contracts/question-report.js';
import type { Executor } from '../../lib/db.js';
import { plainTextPreview, richTextPreview } from '../../lib/rich-text.js';
import * as repo from './question-report.repository.js';
import type { ReportFilter, ReportPageQuery } from './question-report.schemas.js';

/*
 * Definitions (also in the page's help text):
 * - served: play_questions of the filtered FINISHED plays that were shown (served_at set) or answered.
 * - correct: answers with is_correct; shareCorrect = facility index = correct / served.
 * - average and median time: over ANSWERED answers' time_taken_ms (median = percentile_cont(0.5)).
 * - options: answers that selected each option, by the option's own position A–D; noAnswer = served − answered.
 * - discrimination D = p(upper third) − p(lower third), plays ranked by score over the whole filtered set.
 */

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

type Stats = Pick<QuestionReportRow, 'served' | 'correct' | 'discrimination' | 'upper' | 'lower'>;

/** The warning flags of a question; each needs enough servings to mean anything. */
export function flagsOf({ served, correct, discrimination, upper, lower }: Stats): ReportFlag[] {
  const flags: ReportFlag[] = [];
  if (served >= FLAG_MIN_SERVED && correct === 0) {
    flags.push('NOBODY_CORRECT');
  }
  if (served >= FLAG_MIN_SERVED && correct === served) {
    flags.push('EVERYBODY_CORRECT');
  }
  const groupsBigEnough = upper.served >= FLAG_MIN_SERVED && lower.served >= FLAG_MIN_SERVED;
  if (discrimination !== null && groupsBigEnough && flags.length === 0) {
    if (discrimination < 0) {
      flags.push('NEGATIVE_DISCRIMINATION');
    } else if (discrimination < LOW_DISCRIMINATION_BELOW) {
      flags.push('LOW_DISCRIMINATION');
    }
  }
  return flags;
}

function toRow(row: repo.StatsRow & { questionId: string }, details: repo.DetailRow[]): QuestionReportRow {
  const served = row.served;
  const upper = { served: row.upperServed, correct: row.upperCorrect };
  const lower = { served: row.lowerServed, correct: row.lowerCorrect };
  const discrimination = row.discrimination === null ? null : round(row.discrimination, 4);
  const shareCorrect = round(row.shareCorrect, 4);
  const isOpenEnded = row.type === 'OPEN_ENDED';
  return {
    _id: row.questionId,
    questionNo: Number(row.questionNo),
    preview: plainTextPreview(row.questionHtml),
    previewHtml: richTextPreview(row.questionHtml),
    type: isOpenEnded ? 'Open Ended' : 'MCQs',
    grade: { _id: row.gradeId, title: row.gradeTitle },
    category: { _id: row.categoryId, name: row.categoryName },
    served,
    correct: row.correct,
    answered: row.answered,
    noAnswer: served - row.answered,
    shareCorrect,
    facility: shareCorrect,
    avgTimeMs: row.avgTimeMs === null ? null : Math.round(row.avgTimeMs),
    medianTimeMs: row.medianTimeMs === null ? null : Math.round(row.medianTimeMs),
    discrimination,
    upper,
    lower,
    options: isOpenEnded
      ? []
      : details
          .filter((d) => d.kind === 'option')
          .map((d) => ({
            letter: optionLetter(d.position),
            position: d.position,
            isCorrect: d.isCorrect,
            count: d.count,
            share: round(d.count / served, 4),
          })),
    wrongAnswers: isOpenEnded
      ? details.filter((d) => d.kind === 'wrong').map((d) => ({ text: d.text ?? '', count: d.count }))
      : [],
    flags: flagsOf({ served, correct: row.correct, discrimination, upper, lower }),
  };
}

async function reportRows(
  db: Executor,
  filter: ReportFilter,
  page: { limit: number; offset: number } | null,
) {
  const stats = await repo.questionStats(db, filter, page);
  const found = stats.filter((r): r is repo.StatsRow & { questionId: string } => r.questionId !== null);
  const details = await repo.questionDetails(db, filter, {
    choiceIds: found.filter((r) => r.type !== 'OPEN_ENDED').map((r) => r.questionId),
    openIds: found.filter((r) => r.type === 'OPEN_ENDED').map((r) => r.questionId),
  });
  const byQuestion = new Map<string, repo.DetailRow[]>();
  for (const detail of details) {
    byQuestion.set(detail.questionId, [...(byQuestion.get(detail.questionId) ?? []), detail]);
  }
  return {
    plays: stats[0]?.plays ?? 0,
    total: stats[0]?.total ?? 0,
    rows: found.map((r) => toRow(r, byQuestion.get(r.questionId) ?? [])),
  };
}

export async function questionReport(db: Executor, query: ReportPageQuery): Promise<QuestionReportPage> {
  const { page, limit, ...filter } = query;
  const { plays, total, rows } = await reportRows(db, filter, { limit, offset: (page - 1) * limit });
  return {
    data: rows,
    total,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    itemsPerPage: limit,
    plays,
  };
}

/** Every row of the report, for the CSV. */
export async function questionReportAll(db: Executor, filter: ReportFilter) {
  return (await reportRows(db, filter, null)).rows;
}
