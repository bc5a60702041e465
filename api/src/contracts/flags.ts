export const BOOLEAN_FLAGS = [
  'isRegistrationEnabled',
  'isPracticeQuizEnabled',
  'isPaymentEnabled',
  'isContestQuizEnabled',
  'isLeaderBoardDisplayed',
  'isEmptyLeaderBoardDisplayed',
  'documentAcceptanceRequired',
  'contestPermissionRequired',
  'isRecaptchaEnabled',
  'isEmailVerificationEnabled',
] as const;
export type BooleanFlag = (typeof BOOLEAN_FLAGS)[number];

/** Flags that name a phase: the phase's _id, or false when unset. */
export const PHASE_FLAGS = ['practiceQuizPhase', 'contestQuizPhase', 'nextPhase', 'previousPhase'] as const;
export type PhaseFlag = (typeof PHASE_FLAGS)[number];

export const FLAG_KEYS = [...BOOLEAN_FLAGS, ...PHASE_FLAGS] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export type SystemFlags = Record<BooleanFlag, boolean> & Record<PhaseFlag, string | false>;

/** The flags with the version a save must name (raised by every save; 0 before the first). */
export type VersionedFlags = SystemFlags & { version: number };

/** What GET /api/admin/flag/detail returns: an array whose first element holds the flags and their version. */
export type FlagsResponse = [VersionedFlags];

export const NONE = 'none';

export function defaultFlags(): SystemFlags {
  return Object.fromEntries(FLAG_KEYS.map((k) => [k, false])) as SystemFlags;
}

/** Absent or malformed stored values read as false. */
export function normalizeFlags(stored: Record<string, unknown>): SystemFlags {
  const flags = defaultFlags();
  for (const key of BOOLEAN_FLAGS) {
    flags[key] = stored[key] === true;
  }
  for (const key of PHASE_FLAGS) {
    const value = stored[key];
    flags[key] = typeof value === 'string' && value !== NONE && value !== '' ? value : false;
  }
  return flags;
}

export type FlagValues = Partial<Record<FlagKey, boolean | string | null | undefined>>;

const isRemoval = (value: unknown) => value === null || value === NONE || value === false;

/** The stored document: 'none', null and false values are removed before saving. */
export function flagsToStore(body: FlagValues): Partial<Record<FlagKey, boolean | string>> {
  const stored: Partial<Record<FlagKey, boolean | string>> = {};
  for (const key of FLAG_KEYS) {
    const value = body[key];
    if (value === undefined || isRemoval(value)) {
      continue;
    }
    stored[key] = value;
  }
  return stored;
}

/**
 * The stored document after a patch: only the fields present change, and a field set to 'none',
 * null or false is removed (it reads as false). Fields the patch does not name are kept as stored.
 */
export function applyFlagPatch(stored: Record<string, unknown>, patch: FlagValues): Record<string, unknown> {
  const next = { ...stored };
  for (const key of FLAG_KEYS) {
    const value = patch[key];
    if (value === undefined) {
      continue;
    }
    if (isRemoval(value)) {
      delete next[key];
    } else {
      next[key] = value;
    }
  }
  return next;
}

export type FlagChanges = Partial<Record<FlagKey, { from: boolean | string; to: boolean | string }>>;

/** The flags whose value differs between two readings, each with what it was and what it became. */
export function flagChanges(before: SystemFlags, after: SystemFlags): FlagChanges {
  const changes: FlagChanges = {};
  for (const key of FLAG_KEYS) {
    if (before[key] !== after[key]) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}

export const FLAG_LABELS: Record<FlagKey, { label: string; help: string }> = {
  isRegistrationEnabled: { label: 'Registration open', help: 'New students can sign up at /signup.' },
  isPracticeQuizEnabled: { label: 'Practice quizzes', help: 'Students can start practice quizzes.' },
  isPaymentEnabled: {
    label: 'Online payments',
    help: 'Students can pay for contest attempts online. When off, only codes and admin grants give attempts.',
  },
  isContestQuizEnabled: {
    label: 'Contest quizzes',
    help: 'Students with attempts left can start the contest.',
  },
  isLeaderBoardDisplayed: {
    label: 'Show leaderboard',
    help: 'The home page shows the live leaderboard section.',
  },
  isEmptyLeaderBoardDisplayed: {
    label: 'Show empty leaderboard',
    help: 'The home page shows the leaderboard placeholder (before results exist).',
  },
  documentAcceptanceRequired: {
    label: 'Document needed for a complete profile',
    help: 'A profile counts as complete only with an accepted school ID card or B-form.',
  },
  contestPermissionRequired: {
    label: 'Verified document needed for contests',
    help: 'Students must have their document verified by staff before starting a contest.',
  },
  isRecaptchaEnabled: { label: 'reCAPTCHA on sign-up', help: 'Sign-up requires a reCAPTCHA check.' },
  isEmailVerificationEnabled: {
    label: 'E-mail verification',
    help: 'New students must open the link sent to their e-mail before they can continue.',
  },
  practiceQuizPhase: { label: 'Practice quiz phase', help: 'Practice quizzes are taken from this phase.' },
  contestQuizPhase: { label: 'Contest quiz phase', help: 'The phase whose contest is open to students now.' },
  nextPhase: { label: 'Next phase', help: 'Shown to students as what comes next.' },
  previousPhase: { label: 'Previous phase', help: 'Shown to students as the phase that just ended.' },
};
