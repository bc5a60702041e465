import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-boundaries.mjs');

const cleanTree = {
  'api/src/modules/quizzes/index.ts': "export { findQuiz } from './quizzes.service.js';\n",
  'api/src/modules/quizzes/quizzes.service.ts': [
    "import type { Kysely } from 'kysely';",
    "import { findQuizRow } from './quizzes.repository.js';",
    'export const findQuiz = (db: Kysely<object>, id: string) => findQuizRow(db, id);',
  ].join('\n'),
  'api/src/modules/quizzes/quizzes.repository.ts': [
    "import { type Kysely, sql } from 'kysely';",
    'export const findQuizRow = (db: Kysely<object>, id: string) =>',
    "  db.selectFrom('quizzes').where(sql<boolean>`id is not null`).executeTakeFirst();",
  ].join('\n'),
  'api/src/modules/play-quiz/play-quiz.service.ts': [
    "import { findQuiz } from '#modules/quizzes';",
    "import { AppError } from '../../lib/errors.js';",
    'export { findQuiz, AppError };',
  ].join('\n'),
  'api/src/modules/play-quiz/play-quiz.int.test.ts': "await db.deleteFrom('plays').execute();\n",
  'api/src/app.ts': "import { playRoutes } from './modules/play-quiz/play-quiz.routes.js';\n",
  'client/src/features/home/components/home-page.tsx': [
    "import { Button } from '@/shared/ui/button';",
    "import { homeApi } from '../home-api';",
    'export const HomePage = () => <Button onClick={homeApi}>Home</Button>;',
  ].join('\n'),
};

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) {
    rmSync(root, { recursive: true, force: true });
  }
  roots = [];
});

/** Runs the lint on the clean tree with `changes` written over it. */
function lint(changes: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...cleanTree, ...changes })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n').filter(Boolean) };
}

describe('check-boundaries', () => {
  it('passes on modules that meet through their entries and features that keep to themselves', () => {
    expect(lint()).toEqual({ status: 0, lines: [] });
  });

  it('fails on a relative import from one api module into another', () => {
    const result = lint({
      'api/src/modules/play-quiz/play-quiz.service.ts':
        "import { AppError } from '../../lib/errors.js';\nimport { findQuiz } from '../quizzes/quizzes.service.js';\n",
    });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      "api/src/modules/play-quiz/play-quiz.service.ts:2 feature-import imports ../quizzes/quizzes.service.js from another module: import '#modules/quizzes' (its index.ts) instead",
    ]);
  });

  it('fails on a relative import from one client feature into another', () => {
    const result = lint({
      'client/src/features/home/components/home-page.tsx':
        "import { Board } from '../../leaderboard/components/board';\nexport const HomePage = () => <Board />;\n",
    });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'client/src/features/home/components/home-page.tsx:1 feature-import imports ../../leaderboard/components/board from another feature: features do not import each other: move shared code to shared/',
    ]);
  });

  it("fails on an import of a file behind a module's entry", () => {
    const result = lint({
      'api/src/modules/play-quiz/play-quiz.service.ts':
        "import { findQuiz } from '#modules/quizzes/quizzes.service';\n",
    });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      "api/src/modules/play-quiz/play-quiz.service.ts:1 module-entry imports #modules/quizzes/quizzes.service: import the module's entry, '#modules/quizzes'",
    ]);
  });

  it('fails on a query built in a service', () => {
    const result = lint({
      'api/src/modules/quizzes/quizzes.service.ts': [
        "import type { Kysely } from 'kysely';",
        'export const findQuiz = (db: Kysely<object>, id: string) =>',
        "  db.selectFrom('quizzes').where('id', '=', id).executeTakeFirst();",
      ].join('\n'),
      'workers/src/relay.ts': "import { sql } from 'kysely';\nexport const now = sql`now()`;\n",
    });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'api/src/modules/quizzes/quizzes.service.ts:3 kysely .selectFrom() outside a repository',
      "workers/src/relay.ts:1 kysely imports values from 'kysely' outside a repository",
      'workers/src/relay.ts:2 kysely sql`…` outside a repository',
    ]);
  });
});
