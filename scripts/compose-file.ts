// Reads docker-compose.yml as `docker compose` would, for tests that need no Docker engine: YAML with
// anchors and merge keys, then compose's variable interpolation, then each service's environment.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: string[];
  expose?: (string | number)[];
  ports?: string[];
  restart?: string;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }> | string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  'x-connection-budget'?: { scale: Record<string, number>; reserve: number };
}

/** What interpolation could not resolve: compose's `${VAR:?message}` errors. */
export class InterpolationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const VARIABLE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Compose's interpolation (compose-spec "Interpolation"): `$$` is a `$`; `${VAR}` and `$VAR`;
 * `${VAR:-default}` (unset or empty), `${VAR-default}` (unset); `${VAR:?err}` (unset or empty) and
 * `${VAR?err}` (unset) fail. Unset without a default is the empty string, as compose warns and does.
 */
export function interpolate(
  value: string,
  env: Record<string, string | undefined>,
  problems: string[],
): string {
  return value.replace(VARIABLE, (match, braced?: string, op?: string, arg?: string, bare?: string) => {
    if (match === '$$') {
      return '$';
    }
    const name = braced ?? bare ?? '';
    const current = env[name];
    const unset = current === undefined;
    const missing = op?.startsWith(':') ? unset || current === '' : unset;
    if (op === ':-' || op === '-') {
      return missing ? interpolate(arg ?? '', env, problems) : (current ?? '');
    }
    if ((op === ':?' || op === '?') && missing) {
      problems.push(`${name}: ${arg || 'required variable is missing a value'}`);
      return '';
    }
    return current ?? '';
  });
}

function interpolateAll(node: unknown, env: Record<string, string | undefined>, problems: string[]): unknown {
  if (typeof node === 'string') {
    return interpolate(node, env, problems);
  }
  if (Array.isArray(node)) {
    return node.map((item) => interpolateAll(item, env, problems));
  }
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env, problems)]),
    );
  }
  return node;
}

export function readComposeText(file = path.join(root, 'docker-compose.yml')): string {
  return readFileSync(file, 'utf8');
}

/** The file as compose resolves it with `env` as the shell's (and .env's) variables. */
export function resolveCompose(text: string, env: Record<string, string | undefined>): ComposeFile {
  const problems: string[] = [];
  const resolved = interpolateAll(parse(text, { merge: true }), env, problems) as ComposeFile;
  if (problems.length) {
    // An anchor's value is read once per alias: each problem is said once.
    throw new InterpolationError([...new Set(problems)]);
  }
  return resolved;
}

/** A service's environment as its container gets it: the image's ENV, then the service's own. */
export function serviceEnvironment(
  service: ComposeService,
  imageEnv: Record<string, string> = {},
): Record<string, string> {
  const own = service.environment ?? {};
  const pairs = Array.isArray(own)
    ? own.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(own).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return { ...imageEnv, ...Object.fromEntries(pairs) };
}

/** `ENV NAME=value` lines of the Dockerfile (what every container of the built image starts with). */
export function dockerfileEnv(dockerfile: string): Record<string, string> {
  return Object.fromEntries(
    [...dockerfile.matchAll(/^ENV\s+([A-Za-z_][A-Za-z0-9_]*)=(\S+)/gm)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}
