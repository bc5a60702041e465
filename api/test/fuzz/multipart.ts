import fc from 'fast-check';
import { hostileValue, UNSTORABLE_STRINGS } from './mutations.js';
import type { FuzzRequest } from './operations.js';

/** A route that reads multipart/form-data itself (the reference shows no body schema for it). */
export interface UploadRoute {
  method: string;
  url: string;
  /** Text fields sent before the file, each with the values a real client sends. */
  fields: Record<string, string[]>;
  /** The file field, when the route takes one, with files a real client sends. */
  file?: { field: string; samples: { name: string; type: string; bytes: Buffer }[] };
}

interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

const CRLF = '\r\n';

function encodeForm(boundary: string, parts: FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename =
      part.filename === undefined ? '' : `; filename="${part.filename.replaceAll('"', '%22')}"`;
    const type = part.type === undefined ? '' : `${CRLF}Content-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"${filename}${type}${CRLF}${CRLF}`,
      ),
      typeof part.value === 'string' ? Buffer.from(part.value) : part.value,
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const asString = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** What can be wrong with a multipart request, from nothing at all to a NUL in a file name. */
type Breakage =
  | { kind: 'none' }
  | { kind: 'no-boundary' }
  | { kind: 'wrong-boundary' }
  | { kind: 'not-multipart'; body: string }
  | { kind: 'truncated'; at: number }
  | { kind: 'hostile-field'; pick: number; value: unknown }
  | { kind: 'unstorable-filename'; value: string }
  | { kind: 'unstorable-field-name'; value: string }
  | { kind: 'hostile-content'; insert: string; at: number }
  | { kind: 'random-content'; bytes: Uint8Array }
  | { kind: 'extra-parts'; count: number }
  | { kind: 'empty-body' };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'no-boundary' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrong-boundary' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('not-multipart' as const),
      body: fc.oneof(
        fc.constantFrom('{"a":1}', 'null', 'hello', '--x\r\n\r\n'),
        fc.string({ maxLength: 200 }),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncated' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hostile-field' as const),
      pick: fc.nat(),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('unstorable-filename' as const),
      value: fc.constantFrom(...UNSTORABLE_STRINGS.map((s) => `photo${s}.png`)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unstorable-field-name' as const),
      value: fc.constantFrom(...UNSTORABLE_STRINGS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hostile-content' as const),
      insert: fc.constantFrom('\u0000', '\ud800', 'a\u0000b,\u0000', '"', '\r\n,,,\r\n', '=1+1'),
      at: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('random-content' as const),
      bytes: fc.uint8Array({ maxLength: 300 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra-parts' as const),
      count: fc.integer({ min: 2, max: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty-body' as const }) },
);

/** Multipart requests for an upload route: real forms, and forms broken in each way a client can break them. */
export function uploadArbitrary(
  route: UploadRoute,
  headers: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const fieldValues = Object.entries(route.fields).map(([name, values]) =>
    fc.constantFrom(...values).map((value) => ({ name, value })),
  );
  const sample = route.file ? fc.constantFrom(...route.file.samples) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...fieldValues), sample, breakage).map(([fields, file, broken]) => {
    const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
    let parts: FormPart[] = fields.map((f) => ({ name: f.name, value: f.value }));
    if (route.file && file) {
      let bytes = file.bytes;
      if (broken.kind === 'hostile-content') {
        const at = broken.at % (bytes.length + 1);
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(broken.insert), bytes.subarray(at)]);
      } else if (broken.kind === 'random-content') {
        bytes = Buffer.from(broken.bytes);
      }
      const filename = broken.kind === 'unstorable-filename' ? broken.value : file.name;
      parts.push({ name: route.file.field, value: bytes, filename, type: file.type });
    }
    if (broken.kind === 'hostile-field' && parts.length > 0) {
      const i = broken.pick % parts.length;
      parts = parts.map((p, j) => (j === i ? { ...p, value: asString(broken.value) } : p));
    } else if (broken.kind === 'unstorable-field-name') {
      parts = [{ name: `kind${broken.value}`, value: 'x' }, ...parts];
    } else if (broken.kind === 'extra-parts') {
      parts = [
        ...parts,
        ...Array.from({ length: broken.count }, (_, i) => ({ name: `extra${i}`, value: 'x' })),
      ];
    }
    let payload = encodeForm(boundary, parts);
    let contentType = `multipart/form-data; boundary=${boundary}`;
    switch (broken.kind) {
      case 'no-boundary':
        contentType = 'multipart/form-data';
        break;
      case 'wrong-boundary':
        contentType = 'multipart/form-data; boundary=somethingElse';
        break;
      case 'not-multipart':
        payload = Buffer.from(broken.body);
        break;
      case 'truncated':
        payload = payload.subarray(0, broken.at % payload.length);
        break;
      case 'empty-body':
        payload = Buffer.alloc(0);
        break;
      default:
        break;
    }
    return {
      method: route.method,
      url: route.url,
      headers: { ...headers, 'content-type': contentType },
      payload,
      kind: `multipart:${broken.kind}`,
    };
  });
}

/** Form posts (urlencoded) for routes that take them, with hostile values. */
export function formArbitrary(
  method: string,
  url: string,
  fields: string[],
  headers: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...fields, 'x'), hostileValue.map(asString), { maxKeys: 6 }),
      fc.boolean(),
    )
    .map(([values, raw]) => ({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: raw
        ? Object.entries(values)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')
        : new URLSearchParams(values).toString(),
      kind: raw ? 'form:raw' : 'form',
    }));
}
