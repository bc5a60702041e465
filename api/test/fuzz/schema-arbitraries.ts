import fc from 'fast-check';

/** The part of JSON Schema the API reference uses (as @fastify/swagger writes it from the zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
}

/** Real values from the seeded database, so generated ids and codes sometimes hit real rows. */
export interface KnownValues {
  uuids: string[];
  /** Ids by what a field is named after ("playId" → play, "gradeId" → grade; "id" → the route's noun). */
  idsByName: Record<string, string[]>;
  /** Other real strings (order refs, codes, e-mails…): used when they match a field's pattern. */
  strings: string[];
}

const first = <T>(value: T | T[] | undefined): T | undefined => (Array.isArray(value) ? value[0] : value);

function patternArbitrary(pattern: string, known: KnownValues): fc.Arbitrary<string> {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    return fc.string();
  }
  const matching = known.strings.filter((s) => regex.test(s));
  let generated: fc.Arbitrary<string>;
  try {
    generated = fc.stringMatching(regex);
  } catch {
    generated = fc.string();
  }
  return matching.length > 0
    ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...matching) }, { weight: 2, arbitrary: generated })
    : generated;
}

/** "playId" → "play", "id" → "". */
export const idNameOf = (field: string) => field.toLowerCase().replace(/_?ids?$/, '');

function uuidArbitrary(field: string, known: KnownValues): fc.Arbitrary<string> {
  const named = known.idsByName[idNameOf(field)] ?? [];
  const choices: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: fc.uuid() }];
  if (named.length > 0) {
    choices.push({ weight: 4, arbitrary: fc.constantFrom(...named) });
  }
  if (known.uuids.length > 0) {
    choices.push({ weight: 1, arbitrary: fc.constantFrom(...known.uuids) });
  }
  return fc.oneof(...choices);
}

function stringArbitrary(schema: JsonSchema, known: KnownValues, field: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return uuidArbitrary(field, known);
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2032-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2032-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'email') {
    return fc.emailAddress();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 80));
  if (schema.pattern) {
    return patternArbitrary(schema.pattern, known);
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.constantFrom(...known.strings.filter((s) => s.length >= minLength && s.length <= maxLength), 'x'),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? exclusiveMin;
  const max = schema.maximum ?? exclusiveMax;
  if (integer) {
    const lo = Math.max(
      min === undefined ? -1e12 : Math.ceil(min + (exclusiveMin === undefined ? 0 : 1)),
      -(2 ** 53) + 1,
    );
    const hi = Math.min(
      max === undefined ? 1e12 : Math.floor(max - (exclusiveMax === undefined ? 0 : 1)),
      2 ** 53 - 1,
    );
    return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 50) }), fc.integer({ min: lo, max: hi }));
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? {} : { min, minExcluded: exclusiveMin !== undefined }),
    ...(max === undefined ? {} : { max, maxExcluded: exclusiveMax !== undefined }),
  });
}

function objectArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  }
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) {
    model[key] = validValue(properties[key] ?? {}, known, key);
  }
  return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
}

/** Values the schema accepts (the fuzzer then breaks some of them). */
export function validValue(schema: JsonSchema, known: KnownValues, field = ''): fc.Arbitrary<unknown> {
  const base = baseValue(schema, known, field);
  return schema.nullable
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
    : base;
}

function baseValue(schema: JsonSchema, known: KnownValues, field: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) {
    return fc.constant(schema.const);
  }
  if (schema.enum && schema.enum.length > 0) {
    return fc.constantFrom(...schema.enum);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => validValue(s, known, field)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return validValue(schema.allOf[0] ?? {}, known, field);
  }
  switch (first(schema.type)) {
    case 'string':
      return stringArbitrary(schema, known, field);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, known, field), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 6)),
      });
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return schema.properties ? objectArbitrary(schema, known) : fc.jsonValue({ maxDepth: 2 });
  }
}
