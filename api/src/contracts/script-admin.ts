// Script admin (issue #19): the maintenance actions a Super Admin may run; shapes shared by api and
// client; keep it dependency-free.

export const SCRIPT_ACTION_NAMES = [
  'rebuildPhaseRankings',
  'reenqueueStuckOutbox',
  'resendFailedMail',
  'expireStalePayments',
  'rescorePlay',
] as const;
export type ScriptActionName = (typeof SCRIPT_ACTION_NAMES)[number];

export const STUCK_MINUTES = { min: 1, max: 1440, default: 10 } as const;
export const FAILED_MAIL_HOURS = { min: 1, max: 168, default: 24 } as const;

/** One parameter an action takes, as its form field. */
export interface ScriptActionParam {
  name: string;
  label: string;
  /** phase: chosen from a list; play: a play's id, typed or filled in from the URL; number: typed. */
  kind: 'phase' | 'play' | 'number';
  min?: number;
  max?: number;
  default?: number;
}

/** GET /api/admin/script-admin/actions: one entry per action. */
export interface ScriptActionInfo {
  name: ScriptActionName;
  title: string;
  description: string;
  params: ScriptActionParam[];
}

/** POST /api/admin/script-admin/run body. */
export interface ScriptRunRequest {
  action: ScriptActionName;
  params: Record<string, unknown>;
  password: string;
  dryRun: boolean;
}

/** What a run did, or with dryRun what it would do: `changed` counts what it changes (0: nothing). */
export interface ScriptRunResult {
  action: ScriptActionName;
  dryRun: boolean;
  changed: number;
  summary: string;
  details: string[];
}
