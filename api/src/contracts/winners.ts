// Phase winners, topper cut-offs and phase progress: shapes shared by api and client; keep it
// dependency-free.

/** How many of a grade's toppers a phase may carry to the next (spec §3 filters, §9), by phase number. */
export const TOPPER_CUTS: Readonly<Record<number, readonly number[]>> = {
  1: [100, 150, 200],
  2: [10, 20, 30],
};

/** The cut when an admin has set none for a phase and grade. */
export const DEFAULT_TOPPER_CUT: Readonly<Record<number, number>> = { 1: 200, 2: 30 };

/** The cuts a phase of this number offers; empty when it carries nobody forward (the final). */
export function topperCutsFor(phaseNumber: number): readonly number[] {
  return TOPPER_CUTS[phaseNumber] ?? [];
}

/** Winners per grade that "Add winners automatically" makes when no number is given. */
export const DEFAULT_WINNERS_PER_GRADE = 3;
export const MAX_WINNERS_PER_GRADE = 50;

export type WinnerMethod = 'AUTOMATIC' | 'MANUAL';

/** GET /phaseWinner/?phaseId (admins): every winner of a phase, with the student's full details. */
export interface PhaseWinner {
  _id: string;
  phaseId: string;
  grade: { _id: string; title: string };
  student: {
    _id: string;
    /** The student number shown everywhere as Student ID. */
    studentId: number;
    fullName: string;
    schoolName: string | null;
    city: string | null;
  };
  /** The rank it was created from; null for a student promoted without a standing. */
  position: number | null;
  score: number | null;
  method: WinnerMethod;
  createdAt: string;
}

/** POST /phaseWinner/create/automatically → 201. */
export interface AutoWinnersResult {
  created: number;
  alreadyWinners: number;
}

/** GET /phaseWinner/candidate/?phaseId&studentNo: a student an admin may promote. */
export interface WinnerCandidate {
  _id: string;
  studentId: number;
  fullName: string;
  gradeId: string | null;
  gradeTitle: string | null;
  /** Their standing in this phase and grade, when they have one. */
  rank: number | null;
  score: number | null;
  /** True while Promote is offered (in a grade and not yet a winner of this phase). */
  addWinner: boolean;
  /** A finished contest play of this phase in their grade: Promote refuses a student without one. */
  played: boolean;
}

/** GET /admin/phaseCutoff/?phaseId: the cut per grade that carries toppers to the next phase. */
export interface PhaseCutoffs {
  phase: { _id: string; name: string; number: number };
  nextPhase: { _id: string; name: string; number: number } | null;
  /** The cuts this phase allows (empty: it carries nobody forward). */
  options: number[];
  grades: {
    gradeId: string;
    title: string;
    /** null when the phase carries nobody forward. */
    topN: number | null;
    /** True when no cut is saved and the phase's default applies. */
    isDefault: boolean;
  }[];
}

/** POST /admin/phaseCutoff/notify/ → how many qualifiers were e-mailed now (each is told once). */
export interface NotifyQualifiersResult {
  notified: number;
  nextPhase: { _id: string; name: string };
}

/** GET /admin/phaseCutoff/notify/?phaseId: what "E-mail qualifiers" would do now. */
export interface NotifyQualifiersPreview {
  nextPhase: { _id: string; name: string } | null;
  /** Qualifiers of every grade (rank within the cut, active) not e-mailed yet. */
  pending: number;
  /** Why e-mailing is refused now (the phase is still running, …); null when it may go. */
  blocked: string | null;
}

/** GET /phase/progress (student): what comes next and what just ended (the nextPhase/previousPhase flags). */
export interface PhaseProgress {
  nextPhase: { _id: string; title: string; startsAt: string } | null;
  previousPhase: { _id: string; title: string; endedAt: string } | null;
  /** null while it cannot be known yet (no next phase, or the deciding phase is still running). */
  qualifiedForNext: boolean | null;
  /** Their standing in the previous phase (or, without one, the contest phase now). */
  myRank: { phaseId: string; rank: number; score: number } | null;
}
