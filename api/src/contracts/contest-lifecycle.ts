import { ANSWER_GRACE_MS } from './scoring.js';

/**
 * One lifecycle per phase's contest, read by every part (start gate, results and review, dashboard,
 * boards, winners, certificates, qualifier e-mails):
 *
 *   SCHEDULED → OPEN → CLOSING → CLOSED (results withheld) → RELEASED
 *
 * OPEN takes starts; CLOSING takes none while the plays already started finish within their
 * clocks; CLOSED has every play finished and the results withheld; RELEASED shows results and
 * the review. The stage is worked out from the phase's stored facts and the time, never stored, so
 * no two settings can disagree about it: starts are open only in OPEN, answers shown only in
 * RELEASED, and no phase is in both.
 */
export const CONTEST_STAGES = ['SCHEDULED', 'OPEN', 'CLOSING', 'CLOSED', 'RELEASED'] as const;
export type ContestStage = (typeof CONTEST_STAGES)[number];

export type PhaseStatus = 'UPCOMING' | 'ACTIVE' | 'CLOSED';

/** What a phase's stage is worked out from. */
export interface ContestFacts {
  /** Staff's switch: UPCOMING never opens; ACTIVE is open between its dates; CLOSED ended at closedAt. */
  status: PhaseStatus;
  startsAt: Date;
  endsAt: Date;
  /** When staff ended the contest (status CLOSED); set whenever the status is CLOSED. */
  closedAt: Date | null;
  /** When results and review open; null: withheld until staff choose a time. */
  resultsReleaseAt: Date | null;
  /** The longest a contest play of the phase can last: its questions × seconds, plus the grace. */
  longestPlayMs: number;
  /** Contest plays still in progress, when counted: none left ends CLOSING at once. */
  playsInProgress?: number;
}

/** The longest a play of this shape can run: every question's clock, each with the network grace. */
export const longestPlayMs = (questionCount: number, secondsPerQuestion: number): number =>
  questionCount * (secondsPerQuestion * 1000 + ANSWER_GRACE_MS);

/** The moment starts stop: the end date, or the earlier moment staff ended the contest. */
export function startsStopAt(facts: Pick<ContestFacts, 'status' | 'endsAt' | 'closedAt'>): Date {
  const { endsAt, closedAt } = facts;
  return facts.status === 'CLOSED' && closedAt !== null && closedAt < endsAt ? closedAt : endsAt;
}

/** By then every play started before starts stopped has run out of time. */
export const playsEndBy = (facts: ContestFacts): Date =>
  new Date(startsStopAt(facts).getTime() + facts.longestPlayMs);

/** Whether starts are open: the hot path's question, answered without counting plays. */
export function takesStarts(
  facts: Pick<ContestFacts, 'status' | 'startsAt' | 'endsAt' | 'closedAt'>,
  now: Date,
) {
  return facts.status === 'ACTIVE' && facts.startsAt <= now && now < startsStopAt(facts);
}

export function contestStage(facts: ContestFacts, now: Date): ContestStage {
  if (facts.status === 'UPCOMING' || (facts.status === 'ACTIVE' && now < facts.startsAt)) {
    return 'SCHEDULED';
  }
  if (takesStarts(facts, now)) {
    return 'OPEN';
  }
  const finished = facts.playsInProgress === 0 || now >= playsEndBy(facts);
  if (!finished) {
    return 'CLOSING';
  }
  return facts.resultsReleaseAt !== null && facts.resultsReleaseAt <= now ? 'RELEASED' : 'CLOSED';
}

/** When the results will show: the release time, but never before every play has finished. */
export function resultsShowFrom(facts: ContestFacts): Date | null {
  if (facts.resultsReleaseAt === null) {
    return null;
  }
  const end = playsEndBy(facts);
  return facts.resultsReleaseAt > end ? facts.resultsReleaseAt : end;
}

/** A phase's contest as the api answers it (admin screens, the student's contest page). */
export interface ContestStateDto {
  stage: ContestStage;
  /** ISO: when starts stop (or stopped). */
  startsStopAt: string;
  /** ISO: by when every play in progress will have finished. */
  playsEndBy: string;
  /** ISO: when results open (null: withheld until staff choose). */
  resultsReleaseAt: string | null;
  /** ISO: when staff ended it early (null: it follows its dates). */
  closedAt: string | null;
}

export function contestStateDto(facts: ContestFacts, now: Date): ContestStateDto {
  return {
    stage: contestStage(facts, now),
    startsStopAt: startsStopAt(facts).toISOString(),
    playsEndBy: playsEndBy(facts).toISOString(),
    resultsReleaseAt: facts.resultsReleaseAt?.toISOString() ?? null,
    closedAt: facts.closedAt?.toISOString() ?? null,
  };
}

/** Staff's words for each stage (admin screens are English). */
export const CONTEST_STAGE_LABELS: Record<ContestStage, string> = {
  SCHEDULED: 'Scheduled',
  OPEN: 'Open',
  CLOSING: 'Closing',
  CLOSED: 'Closed, results withheld',
  RELEASED: 'Results released',
};
