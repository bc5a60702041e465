import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Browser tests run against the built client: build it when missing or older than its sources. */
export default function setup(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
  }
  const index = path.join(root, 'client/dist/index.html');
  const sources = [
    'client/src',
    'client/index.html',
    'client/public',
    'client/sw',
    'client/build',
    'client/vite.config.ts',
    'api/src/contracts',
  ].map((p) => path.join(root, p));
  const stale =
    !existsSync(index) ||
    sources.some(
      (s) => (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(index).mtimeMs,
    );
  if (stale) {
    // A production build, as students get it (vitest sets NODE_ENV=test, which would give React's
    // development build and StrictMode's double effects).
    const result = spawnSync('npm', ['run', 'build', '-w', 'client'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      throw new Error('client build failed');
    }
  }
}
