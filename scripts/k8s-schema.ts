// Validates Kubernetes objects against the API's schemas as the kubernetes-models package ships
// them: its compiled JSON-schema validators (types, required fields, enums) and, for the strictness
// they lack (kubectl's server-side field validation refuses unknown fields), the field lists of its
// type declarations, walked nested object by nested object.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** A package's folder (its main file's: these packages keep it at the root and export no package.json). */
const packageRoot = (name: string) => path.dirname(require.resolve(name));
const modelsRoot = packageRoot('kubernetes-models');

interface Field {
  /** The declaration file of the field's object type (its item type for an array), if any. */
  type: string | null;
  array: boolean;
}

const fieldsCache = new Map<string, Map<string, Field> | null>();

function resolveImport(from: string, specifier: string): string {
  if (specifier.startsWith('.')) {
    return `${path.resolve(path.dirname(from), specifier)}.d.ts`;
  }
  const parts = specifier.split('/');
  return `${path.join(packageRoot(parts.slice(0, 2).join('/')), ...parts.slice(2))}.d.ts`;
}

/** The fields of the first interface a declaration file exports; null for a type alias (a leaf). */
function fieldsOf(file: string): Map<string, Field> | null {
  const cached = fieldsCache.get(file);
  if (cached !== undefined) {
    return cached;
  }
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const imports = new Map(
    [...text.matchAll(/^import \{ (\w+) \} from "([^"]+)";$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const start = text.search(/^export interface I\w+(?: extends [\w, ]+)? \{$/m);
  let fields: Map<string, Field> | null = null;
  if (start >= 0) {
    fields = new Map();
    const body = text.slice(start, text.indexOf('\n}', start));
    for (const m of body.matchAll(/^ {4}"([^"]+)"\??: (.+?);?$/gm)) {
      const declared = m[2] ?? '';
      const array = /^Array<(\w+)>$/.exec(declared);
      const typeName = array ? array[1] : /^\w+$/.test(declared) ? declared : undefined;
      const specifier = typeName ? imports.get(typeName) : undefined;
      fields.set(m[1] ?? '', {
        type: specifier ? resolveImport(file, specifier) : null,
        array: Boolean(array),
      });
    }
  }
  fieldsCache.set(file, fields);
  return fields;
}

function unknownFields(value: unknown, file: string, at: string, problems: string[]): void {
  const fields = fieldsOf(file);
  if (!fields || !value || typeof value !== 'object' || Array.isArray(value)) {
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const field = fields.get(key);
    if (!field) {
      problems.push(`${at}.${key}: unknown field`);
    } else if (field.type) {
      const items = field.array && Array.isArray(child) ? child : [child];
      for (const [i, item] of items.entries()) {
        unknownFields(item, field.type, field.array ? `${at}.${key}[${i}]` : `${at}.${key}`, problems);
      }
    }
  }
}

/** Where kubernetes-models keeps a kind: core kinds under v1/, others under <group>/<version>/. */
function modelPath(apiVersion: string, kind: string): string {
  return path.join(modelsRoot, apiVersion.includes('/') ? apiVersion : `v1`, kind);
}

/** Every way the object breaks its kind's schema; empty when it is valid. */
export function kubernetesProblems(object: { apiVersion?: unknown; kind?: unknown }): string[] {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    return ['apiVersion and kind are required'];
  }
  const file = modelPath(apiVersion, kind);
  if (!existsSync(`${file}.js`)) {
    return [`${apiVersion} ${kind}: not a kind of the Kubernetes API`];
  }
  const problems: string[] = [];
  const Model = (require(`${file}.js`) as Record<string, new (data: unknown) => { validate(): void }>)[kind];
  if (!Model) {
    return [`${apiVersion} ${kind}: no model`];
  }
  try {
    new Model(object).validate();
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  unknownFields(object, `${file}.d.ts`, kind, problems);
  return problems;
}
