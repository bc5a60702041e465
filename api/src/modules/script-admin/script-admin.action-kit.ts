import type { Db } from '@riyazi/db';
import type { z } from 'zod';
import type { ScriptActionInfo, ScriptRunResult } from '../../contracts/script-admin.js';
import { badRequest } from '../../lib/errors.js';
import type { Queues } from '../../queue/queues.js';
import type { TypedServer } from '../../realtime/adapter.js';
import * as repo from './script-admin.repository.js';

// What every maintenance action is made of (script-admin*.actions.ts define them).

export interface ScriptDeps {
  db: Db;
  queues: Queues;
  io: TypedServer;
  log: { warn: (obj: object, msg: string) => void };
}

/** Result lines an action lists at most. */
export const LISTED = 20;

export type Outcome = Omit<ScriptRunResult, 'action' | 'dryRun'> & {
  /** Written to the audit row of a real run beside the params and summary. */
  audit?: Record<string, unknown>;
};

export interface ScriptAction<P> {
  info: ScriptActionInfo;
  params: z.ZodType<P>;
  /** Checks what the schema cannot (the phase exists); throws a 4xx. */
  check?: (deps: ScriptDeps, params: P) => Promise<void>;
  dryRun: (deps: ScriptDeps, params: P) => Promise<Outcome>;
  run: (deps: ScriptDeps, params: P) => Promise<Outcome>;
}

/** An action with its parameter type closed over: the service hands it raw params. */
export interface ScriptRunner {
  info: ScriptActionInfo;
  /** Parses and checks the params (4xx on bad ones), then returns the dry run or the run. */
  prepare: (deps: ScriptDeps, rawParams: unknown) => Promise<(dryRun: boolean) => Promise<Outcome>>;
}

export function defineAction<P>(action: ScriptAction<P>): ScriptRunner {
  return {
    info: action.info,
    async prepare(deps, rawParams) {
      const parsed = action.params.safeParse(rawParams ?? {});
      if (!parsed.success) {
        throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
      }
      const params = parsed.data;
      await action.check?.(deps, params);
      return (dryRun) => (dryRun ? action.dryRun(deps, params) : action.run(deps, params));
    },
  };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line per grade ranked: its title, how many it ranks and how many standings `verb`. */
export async function gradeLines(
  db: Db,
  grades: { gradeId: string; rankedCount: number; changed: number }[],
  verb: string,
) {
  const titles = await repo.gradeTitles(
    db,
    grades.map((g) => g.gradeId),
  );
  return grades.map(
    (g) => `${titles.get(g.gradeId) ?? g.gradeId}: ${g.rankedCount} ranked, ${g.changed} ${verb}`,
  );
}
