import {
  BOOLEAN_FLAGS,
  type BooleanFlag,
  NONE,
  normalizeFlags,
  PHASE_FLAGS,
  type PhaseFlag,
  type SystemFlags,
} from '@riyazi/api/contracts';

/** The form's values: every flag present, phases as a phase id or 'none'. */
export type FlagDraft = Record<BooleanFlag, boolean> & Record<PhaseFlag, string>;

/**
 * POST /admin/createFlag/ body: only the flags the admin changed (a phase unset as 'none') and the
 * version the form was filled from, so a save over someone else's is refused rather than undone.
 */
export type FlagsRequestBody = Partial<FlagDraft> & { version?: number };

export function toDraft(flags: SystemFlags): FlagDraft {
  const draft = {} as FlagDraft;
  for (const key of BOOLEAN_FLAGS) {
    draft[key] = flags[key];
  }
  for (const key of PHASE_FLAGS) {
    const value = flags[key];
    draft[key] = value === false ? NONE : value;
  }
  return draft;
}

export function toRequestBody(draft: FlagDraft, base: FlagDraft, version: number | null): FlagsRequestBody {
  const body: FlagsRequestBody = version === null ? {} : { version };
  for (const key of BOOLEAN_FLAGS) {
    if (draft[key] !== base[key]) {
      body[key] = draft[key];
    }
  }
  for (const key of PHASE_FLAGS) {
    if (draft[key] !== base[key]) {
      body[key] = draft[key];
    }
  }
  return body;
}

/** Whether a request body changes any flag (beyond naming its version). */
export const changesAnyFlag = (body: FlagsRequestBody) => Object.keys(body).some((key) => key !== 'version');

export function draftToFlags(draft: FlagDraft): SystemFlags {
  return normalizeFlags(draft);
}

export interface PhaseChoice {
  value: string;
  label: string;
}

/** 'None' first, then each phase by its name (as everywhere); a stored phase missing from the list stays selectable. */
export function phaseChoices(
  phases: readonly { _id: string; name: string; number: number }[],
  current: string,
): PhaseChoice[] {
  const choices: PhaseChoice[] = [
    { value: NONE, label: 'None' },
    ...[...phases]
      .sort((a, b) => a.number - b.number)
      .map((phase) => ({ value: phase._id, label: phase.name })),
  ];
  if (current !== NONE && !choices.some((choice) => choice.value === current)) {
    choices.push({ value: current, label: `Unknown phase (${current})` });
  }
  return choices;
}
