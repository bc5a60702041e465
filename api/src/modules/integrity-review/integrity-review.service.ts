import type { Db } from '@riyazi/db';
import type { SignalKind } from '../../contracts/integrity.js';
import type {
  AnswerCell,
  FlaggedPlay,
  FlaggedPlaysPage,
  PlayEvidence,
  RelatedPlay,
  ReviewDecision,
} from '../../contracts/integrity-review.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { plainTextPreview } from '../../lib/rich-text.js';
import * as repo from './integrity-review.repository.js';
import type { QueueQuery } from './integrity-review.schemas.js';

/** The audit action of a decision; the review history is read back from it. */
export const REVIEW_ACTION = 'integrity.review';
/** Related plays shown side by side at most (the strongest links first). */
const MAX_RELATED = 5;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function flaggedPlay(row: repo.FlaggedRow): FlaggedPlay {
  return {
    _id: row.id,
    student: { _id: row.studentId, studentNo: Number(row.studentNo), fullName: row.fullName },
    phase: { _id: row.phaseId, name: row.phaseName },
    grade: { _id: row.gradeId, title: row.gradeTitle },
    score: Number(row.score),
    rank: row.rank,
    finishedAt: iso(row.finishedAt),
    strength: Number(row.strength),
    signals: row.signals.map((s) => ({ kind: s.kind, strength: Number(s.strength) })),
    decision: row.decision,
    decidedAt: iso(row.decidedAt),
    disqualified: row.disqualifiedAt !== null,
  };
}

export async function listQueue(db: Db, { page, limit, ...filter }: QueueQuery): Promise<FlaggedPlaysPage> {
  const [list, options] = await Promise.all([
    pageOf(
      { page, limit },
      (take, offset) => repo.listFlaggedPlays(db, filter, take, offset),
      () => repo.countFlaggedPlays(db, filter),
      flaggedPlay,
    ),
    repo.filterOptions(db),
  ]);
  const optionsOf = (kind: 'phase' | 'grade') =>
    options.filter((o) => o.kind === kind).map((o) => ({ _id: o.id, name: o.name }));
  return { ...list, options: { phases: optionsOf('phase'), grades: optionsOf('grade') } };
}

/** Option ids as letters in the question's own option order (A, B, …). */
function letterIndex(options: { id: string; questionId: string }[]) {
  const letters = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const option of options) {
    const n = seen.get(option.questionId) ?? 0;
    seen.set(option.questionId, n + 1);
    letters.set(option.id, String.fromCharCode(65 + n));
  }
  return letters;
}

const answered = (row: repo.AnswerRow | undefined) => row?.outcome === 'ANSWERED';

/** What was answered, comparable across plays (options by id, text trimmed and lower-cased). */
function answerKey(row: repo.AnswerRow): string {
  const ids = [...(row.selectedOptionIds ?? [])].sort();
  return ids.length > 0 ? `o:${ids.join(',')}` : `t:${(row.answerText ?? '').trim().toLowerCase()}`;
}

function cellOf(row: repo.AnswerRow | undefined, letters: Map<string, string>): AnswerCell {
  if (!row || !answered(row)) {
    return { answer: '', timeMs: null, correct: row ? row.isCorrect : null };
  }
  const picked = (row.selectedOptionIds ?? []).map((id) => letters.get(id) ?? '?').sort();
  return {
    answer: picked.length > 0 ? picked.join(', ') : (row.answerText ?? ''),
    timeMs: row.timeTakenMs,
    correct: row.isCorrect,
  };
}

/** The related plays the signals name, the most often named first. */
function relatedIds(signals: { kind: SignalKind; relatedPlayIds: string[] }[], self: string) {
  const kinds = new Map<string, SignalKind[]>();
  for (const signal of signals) {
    for (const id of signal.relatedPlayIds) {
      if (id !== self) {
        kinds.set(id, [...(kinds.get(id) ?? []), signal.kind]);
      }
    }
  }
  return [...kinds.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, MAX_RELATED);
}

export async function playEvidence(db: Db, playId: string): Promise<PlayEvidence> {
  const row = await repo.findFlaggedPlay(db, playId);
  if (!row) {
    throw notFound('This play has no integrity signals');
  }
  const signals = await repo.findSignals(db, playId);
  const related = relatedIds(signals, playId);
  const [answers, summaries, sameOrigin, review, history] = await Promise.all([
    repo.findAnswers(db, [playId, ...related.map(([id]) => id)]),
    repo.findPlaySummaries(
      db,
      related.map(([id]) => id),
    ),
    repo.findSameOrigin(db, playId),
    repo.findReview(db, playId),
    repo.findHistory(db, playId, REVIEW_ACTION),
  ]);
  const own = answers.filter((a) => a.playId === playId);
  const questionIds = own.map((a) => a.questionId);
  const [{ questions, options }, medians] = await Promise.all([
    repo.findQuestions(db, questionIds),
    repo.medianTimes(db, row.phaseId, row.gradeId, questionIds),
  ]);
  const letters = letterIndex(options);
  const html = new Map(questions.map((q) => [q.id, q.questionHtml]));
  const median = new Map(medians.map((m) => [m.questionId, Math.round(m.medianMs)]));
  const byPlay = new Map<string, Map<string, repo.AnswerRow>>();
  for (const answer of answers) {
    const map = byPlay.get(answer.playId) ?? new Map<string, repo.AnswerRow>();
    map.set(answer.questionId, answer);
    byPlay.set(answer.playId, map);
  }
  const summaryOf = new Map(summaries.map((s) => [s.id, s]));
  return {
    play: flaggedPlay(row),
    signals: signals.map((s) => ({
      kind: s.kind,
      strength: Number(s.strength),
      evidence: s.evidence,
      computedAt: s.computedAt.toISOString(),
    })),
    questions: own.map((a, i) => ({
      questionId: a.questionId,
      no: i + 1,
      preview: plainTextPreview(html.get(a.questionId) ?? '', 80),
      medianTimeMs: median.get(a.questionId) ?? null,
      play: cellOf(a, letters),
    })),
    related: related.flatMap(([id, kinds]): RelatedPlay[] => {
      const summary = summaryOf.get(id);
      if (!summary) {
        return [];
      }
      const theirs = byPlay.get(id) ?? new Map<string, repo.AnswerRow>();
      const cells = own.map((mine) => {
        const other = theirs.get(mine.questionId);
        const matches = answered(mine) && answered(other) && answerKey(mine) === answerKey(other!);
        return { ...cellOf(other, letters), matches };
      });
      return [
        {
          _id: id,
          student: { studentNo: Number(summary.studentNo), fullName: summary.fullName },
          finishedAt: iso(summary.finishedAt),
          score: Number(summary.score),
          kinds,
          answers: cells,
          matching: cells.filter((c) => c.matches).length,
          matchingWrong: cells.filter((c) => c.matches && c.correct === false).length,
        },
      ];
    }),
    sameOrigin: sameOrigin.map((o) => ({
      playId: o.playId,
      student: { studentNo: Number(o.studentNo), fullName: o.fullName },
      finishedAt: iso(o.finishedAt),
      sameDevice: o.sameDevice,
      sameNetwork: o.sameNetwork,
    })),
    review: review
      ? {
          decision: review.decision,
          reason: review.reason,
          decidedAt: review.decidedAt.toISOString(),
          decidedBy: review.username,
          studentNotifiedAt: iso(review.studentNotifiedAt),
        }
      : null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      by: h.username,
      decision: h.details.decision as ReviewDecision,
      reason: String(h.details.reason ?? ''),
      notified: h.details.notifyStudent === true,
    })),
  };
}
