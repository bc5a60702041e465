import fc from 'fast-check';
import { applyMutation, mutation, UNSTORABLE_STRINGS } from './mutations.js';
import { type JsonSchema, type KnownValues, validValue } from './schema-arbitraries.js';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One API operation as the reference describes its input. */
export interface Operation {
  method: string;
  /** The reference's path, e.g. /api/payment/orders/{orderRef}. */
  path: string;
  params: JsonSchema | null;
  query: JsonSchema | null;
  body: JsonSchema | null;
  /** Content types the body may come as (JSON first when it is one of them). */
  contentTypes: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of input this is, for reports. */
  kind: string;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function objectOf(parameters: OpenApiParameter[]): JsonSchema | null {
  if (parameters.length === 0) {
    return null;
  }
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** Every operation that takes a body, a querystring or path parameters. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) {
        continue;
      }
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content).sort((a, b) =>
        a === 'application/json' ? -1 : b === 'application/json' ? 1 : 0,
      );
      const body = contentTypes[0] ? (content[contentTypes[0]]?.schema ?? {}) : null;
      const params = objectOf(parameters.filter((p) => p.in === 'path'));
      const query = objectOf(parameters.filter((p) => p.in === 'query'));
      if (body || params || query) {
        operations.push({ method: method.toUpperCase(), path, params, query, body, contentTypes });
      }
    }
  }
  return operations;
}

/** Percent-encodes any string, lone surrogates included (as their WTF-8 bytes, which are not UTF-8). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encode unit by unit below.
  }
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    return query === undefined ? '' : `?${percentEncode(asText(query))}`;
  }
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) {
      continue;
    }
    for (const item of Array.isArray(value) && value.length > 0 ? value : [value]) {
      pairs.push(`${percentEncode(key)}=${percentEncode(asText(item))}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function urlOf(op: Operation, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    values[name] === undefined ? '' : percentEncode(asText(values[name])),
  );
  return path + queryString(query);
}

/** Bodies that are not what any route expects, sent as raw text. */
const RAW_BODIES = [
  'null',
  '[]',
  '[{}]',
  '42',
  '1e308',
  '"text"',
  'true',
  '{}',
  '',
  '{"a":',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isSuperAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
];

type Part = 'params' | 'query' | 'body';

/** A request for one operation: mostly valid input with one hostile change, sometimes all valid. */
export function requestArbitrary(
  op: Operation,
  known: KnownValues,
  headers: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const valid = {
    params: op.params ? validValue(op.params, known) : fc.constant(undefined),
    query: op.query ? validValue(op.query, known) : fc.constant(undefined),
    body: op.body ? validValue(op.body, known) : fc.constant(undefined),
  };
  const targets: Part[] = [
    ...(op.params ? (['params'] as const) : []),
    ...(op.query ? (['query'] as const) : []),
    ...(op.body ? (['body'] as const) : []),
  ];
  const jsonBody = op.contentTypes.includes('application/json');
  const build = (params: unknown, query: unknown, body: unknown, kind: string): FuzzRequest => ({
    method: op.method,
    url: urlOf(op, params, query),
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    kind,
  });

  const allValid = fc.record(valid).map(({ params, query, body }) => build(params, query, body, 'valid'));
  const mutated = fc
    .tuple(fc.record(valid), fc.constantFrom(...targets), mutation)
    .map(([input, target, change]) => {
      const schema = target === 'params' ? op.params : target === 'query' ? op.query : op.body;
      const next = { ...input, [target]: applyMutation(input[target], schema ?? undefined, change) };
      return build(next.params, next.query, next.body, `${target}:${change.kind}`);
    });
  const unstorable = fc
    .tuple(fc.record(valid), fc.constantFrom(...targets), fc.nat(), fc.constantFrom(...UNSTORABLE_STRINGS))
    .map(([input, target, pick, value]) => {
      const schema = target === 'params' ? op.params : target === 'query' ? op.query : op.body;
      const next = {
        ...input,
        [target]: applyMutation(input[target], schema ?? undefined, {
          kind: 'replace',
          pick: pick + 1,
          value,
        }),
      };
      return build(next.params, next.query, next.body, `${target}:unstorable`);
    });
  const arbitraries: fc.WeightedArbitrary<FuzzRequest>[] = [
    { weight: 3, arbitrary: allValid },
    { weight: 8, arbitrary: mutated },
    { weight: 3, arbitrary: unstorable },
  ];
  if (op.body && jsonBody) {
    const raw = fc
      .tuple(
        fc.record(valid),
        fc.constantFrom(...RAW_BODIES),
        fc.constantFrom('application/json', 'text/plain'),
      )
      .map(([input, payload, type]) => ({
        ...build(input.params, input.query, undefined, `raw-body:${type}`),
        headers: { ...headers, 'content-type': type },
        payload,
      }));
    arbitraries.push({ weight: 3, arbitrary: raw });
  }
  return fc.oneof(...arbitraries);
}
