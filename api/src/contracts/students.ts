/** GET /api/student/detail/: the admin students list (spec §3 "Student list row"). */

export interface PhaseStandingDto {
  topScore: number;
  currentRank: number;
}

export interface StudentListRow {
  _id: string;
  studentId: number;
  fullName: string;
  /** Shown as Batch Id. */
  shortDescription: string | null;
  email: string;
  city: string | null;
  grade: { _id: string; title: string } | null;
  emailVerified: boolean;
  schoolName: string | null;
  phone: string | null;
  contestCount: number;
  practiceCount: number;
  /** Shown as signup. */
  createdAt: string;
  /** count: attempts left; createdAt: the first paid grant (payment or code), shown as payment. */
  contestAttempts: { count: number; createdAt: string | null };
  codeEntered: boolean;
  rankAndScorePhase1: PhaseStandingDto | null;
  rankAndScorePhase2: PhaseStandingDto | null;
  rankAndScorePhase3: PhaseStandingDto | null;
  isActive: boolean;
}

export interface StudentListPage {
  data: StudentListRow[];
  addWinner: boolean;
  /** The contest phase winners are promoted in (flag contestQuizPhase), and its name. */
  phaseId: string | null;
  phaseName: string | null;
  /** Students of this page who already won that phase. */
  phaseWinnerIds: string[];
  /** Students of this page with a finished contest play of that phase (only they can win it). */
  phasePlayedIds: string[];
  gradeList: { _id: string; title: string }[];
  totalStudents: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
}

/** The query-string names of every filter (spec §3 "Student filters"). */
export const STUDENT_FILTER_KEYS = [
  'studentId',
  'fullName',
  'fatherName',
  'email',
  'phone',
  'gender',
  'city',
  'schoolName',
  'grade',
  'documentUploaded',
  'referralSource',
  'isActive',
  'emailVerified',
  'signedUpFrom',
  'signedUpTo',
  'codeEntered',
  'contestAttemptsRemaining',
  'contestPlayed',
  'practicePlayed',
  'phase1Toppers',
  'phase2Toppers',
  'phase1Rank',
  'phase2Rank',
  'shortDescription',
  'autoEmailVerified',
  'registeredThroughBulk',
] as const;
export type StudentFilterKey = (typeof STUDENT_FILTER_KEYS)[number];
/** How staff read each filter, in the filters panel and in the exports list. */
export const STUDENT_FILTER_LABELS: Record<StudentFilterKey, string> = {
  studentId: 'Student ID',
  fullName: 'Name',
  fatherName: "Father's name",
  email: 'E-mail',
  phone: 'Phone',
  gender: 'Gender',
  city: 'City',
  schoolName: 'School',
  grade: 'Grade',
  documentUploaded: 'Document uploaded',
  referralSource: 'Referral source',
  isActive: 'Active',
  emailVerified: 'E-mail verified',
  signedUpFrom: 'Signed up from',
  signedUpTo: 'Signed up to',
  codeEntered: 'Paid',
  contestAttemptsRemaining: 'Attempts remaining',
  contestPlayed: 'Contest played',
  practicePlayed: 'Practice played',
  phase1Toppers: 'Phase 1 toppers',
  phase2Toppers: 'Phase 2 toppers',
  phase1Rank: 'Phase 1 rank',
  phase2Rank: 'Phase 2 rank',
  shortDescription: 'Batch Id',
  autoEmailVerified: 'Auto e-mail verified',
  registeredThroughBulk: 'Registered through bulk upload',
};

/** The filters that are 'true' (Yes) or 'false' (No), in the order the panel offers them. */
export const STUDENT_YES_NO_FILTERS = [
  'isActive',
  'emailVerified',
  'autoEmailVerified',
  'codeEntered',
  'documentUploaded',
  'registeredThroughBulk',
  'contestPlayed',
  'practicePlayed',
] as const satisfies readonly StudentFilterKey[];

/** Filters as the URL and the query string carry them: only non-empty values. */
export type StudentFilterValues = Partial<Record<StudentFilterKey, string>>;

export const PHASE1_TOPPER_CUTS = [100, 150, 200] as const;
export const PHASE2_TOPPER_CUTS = [10, 20, 30] as const;

export const STUDENT_MESSAGES = {
  added: 'Student added successfully',
  updated: 'Student updated successfully',
  statusUpdated: 'Student status updated successfully',
  deleted: 'Student deleted successfully',
  anonymised:
    'The student has plays or payments, so the account was deactivated and anonymised instead of deleted',
} as const;
