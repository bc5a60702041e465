import fc from 'fast-check';
import type { JsonSchema } from './schema-arbitraries.js';

/** Strings PostgreSQL cannot store, and other hostile text. */
export const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', 'ok\ud83d'];
const HOSTILE_STRINGS = [
  ...UNSTORABLE_STRINGS,
  '',
  ' ',
  '😀👩‍👩‍👧',
  'نام اردو',
  "'; DROP TABLE students; --",
  '<script>alert(1)</script>',
  '%00',
  '\\u0000',
  '2147483648',
  '1e308',
  '-1',
  'NaN',
  'null',
  '__proto__',
];
const HOSTILE_NUMBERS = [
  2147483648,
  -2147483649,
  2147483647,
  -2147483648,
  1e308,
  -1e308,
  2 ** 53 + 2,
  1e15,
  1.5,
  -0.5,
  0,
  -1,
  1e-300,
  5e-324,
  32768,
  65536,
];
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [null], { a: 1 }, '', 'abc', 0, 1];

/** Every UTF-16 code unit, NUL and lone surrogates included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(2000, 70_000, 300_000).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

type Path = (string | number)[];

/** Every place inside a value a mutation can hit, plus the schema's own property names. */
function pathsOf(
  value: unknown,
  schema: JsonSchema | undefined,
  prefix: Path = [],
  out: Path[] = [],
): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      pathsOf(item, schema?.items, [...prefix, i], out);
    });
  } else if (value !== null && typeof value === 'object') {
    const keys = new Set([...Object.keys(value), ...Object.keys(schema?.properties ?? {})]);
    for (const key of keys) {
      out.push([...prefix, key]);
      pathsOf((value as Record<string, unknown>)[key], schema?.properties?.[key], [...prefix, key], out);
    }
  }
  return out;
}

function setAt(root: unknown, path: Path, replace: (old: unknown) => unknown | typeof REMOVE): unknown {
  if (path.length === 0) {
    return replace(root);
  }
  const [head, ...rest] = path as [string | number, ...Path];
  const container = (
    Array.isArray(root) ? [...root] : root !== null && typeof root === 'object' ? { ...root } : {}
  ) as Record<string | number, unknown>;
  const next = setAt(container[head], rest, replace);
  if (next === REMOVE) {
    if (Array.isArray(container)) {
      container.splice(Number(head), 1);
    } else {
      delete container[head];
    }
  } else {
    container[head] = next;
  }
  return container;
}

const REMOVE = Symbol('remove');

export type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'too-long'; pick: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.constantFrom('extra', 'a\u0000b', '\ud800', '__proto__', 'constructor'),
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('too-long' as const), pick: fc.nat() }) },
);

/** The value with one hostile change at one place (a field, an item, the value itself). */
export function applyMutation(value: unknown, schema: JsonSchema | undefined, change: Mutation): unknown {
  const paths: Path[] = [[], ...pathsOf(value, schema)];
  switch (change.kind) {
    case 'replace':
      return setAt(value, paths[change.pick % paths.length] ?? [], () => change.value);
    case 'remove': {
      const inner = paths.slice(1);
      return inner.length === 0 ? value : setAt(value, inner[change.pick % inner.length] ?? [], () => REMOVE);
    }
    case 'too-long':
      return setAt(value, paths[change.pick % paths.length] ?? [], (old) =>
        typeof old === 'string' ? old.padEnd(5000, old || 'x') : 'x'.repeat(5000),
      );
    case 'extra':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.defineProperty({ ...value }, change.key, { value: change.value, enumerable: true })
        : value;
  }
}
