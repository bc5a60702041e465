import type { ChildProcess } from 'node:child_process';

export interface SupervisorOptions {
  /** Where exits, restarts and giving up are said (default: stderr). */
  log?: (line: string) => void;
  /** Called once every child has stopped after a crash loop, with the message that said so. */
  onGiveUp?: (message: string) => void;
  /** A crash within this long of the start counts as quick (default 30 s). */
  quickMs?: number;
  /** Quick crashes in a row before giving up (default 5). */
  maxQuickCrashes?: number;
  /** Wait before the first restart; doubled for each further quick crash (default 1 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long stop() waits before SIGKILL (default 12 s). */
  stopTimeoutMs?: number;
  /** How a child is signalled (default child.kill; start.mjs signals its process group). */
  kill?: (child: ChildProcess, signal: NodeJS.Signals) => void;
}

export interface Supervisor {
  add(name: string, start: (attempt: number) => ChildProcess): void;
  stop(signal?: NodeJS.Signals): Promise<void>;
  children(): ChildProcess[];
  readonly stopping: boolean;
}

export function createSupervisor(options?: SupervisorOptions): Supervisor;
