#!/usr/bin/env node
// Boundaries the type checker cannot see, part of `npm run check`:
//   feature-import  a feature folder (api/src/modules/<name>, client/src/features/<name>) does not
//                   reach into another one by a relative path; api modules import each other
//                   through the other module's entry, `#modules/<name>` (its index.ts)
//   module-entry    `#modules/<name>` only, never `#modules/<name>/<file>`; and never a module's
//                   own entry from inside it
//   kysely          SQL is built only in *.repository.ts (api/src, workers/src; tests excepted)
// Prints `file:line rule message` per violation and exits 1 if there is any.
// Usage: node scripts/check-boundaries.mjs [repo root]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Vite's parser (oxc): reads TypeScript and TSX as written, with positions.
import { parseAst } from 'rolldown/parseAst';

const FEATURE_ROOTS = [
  { dir: 'api/src/modules', kind: 'module' },
  { dir: 'client/src/features', kind: 'feature' },
];
const SQL_ROOTS = ['api/src', 'workers/src'];
const SQL_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const TEST_FILE = /\.test\.tsx?$/;

function sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    }
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every node of an oxc (ESTree) tree, depth first. */
function* walk(node) {
  if (Array.isArray(node)) {
    for (const child of node) {
      yield* walk(child);
    }
  } else if (node && typeof node === 'object') {
    if (typeof node.type === 'string') {
      yield node;
    }
    for (const key in node) {
      if (key !== 'parent') {
        const value = node[key];
        if (value && typeof value === 'object') {
          yield* walk(value);
        }
      }
    }
  }
}

/** The module specifiers a file imports or re-exports, each with its node and whether it brings values. */
function importsOf(ast) {
  const found = [];
  for (const node of walk(ast.body)) {
    const isImport = node.type === 'ImportDeclaration';
    const isReExport =
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source;
    if (isImport || isReExport) {
      const kind = isImport ? node.importKind : node.exportKind;
      const specifiers = node.specifiers ?? [];
      const bringsValues =
        kind !== 'type' &&
        (specifiers.length === 0 || specifiers.some((s) => (s.importKind ?? s.exportKind) !== 'type'));
      found.push({ node, source: node.source.value, bringsValues });
    } else if (node.type === 'ImportExpression' && node.source.type === 'Literal') {
      found.push({ node, source: node.source.value, bringsValues: true });
    }
  }
  return found;
}

/** Which feature folder of `root` a path lies in: { root, name } or undefined. */
function featureOf(repoRoot, file) {
  for (const featureRoot of FEATURE_ROOTS) {
    const relative = path.relative(path.join(repoRoot, featureRoot.dir), file);
    if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
      const [name, ...rest] = relative.split(path.sep);
      if (rest.length > 0) {
        return { ...featureRoot, name };
      }
    }
  }
  return undefined;
}

function featureImportProblems(repoRoot, file, imports) {
  const own = featureOf(repoRoot, file);
  const problems = [];
  for (const { node, source } of imports) {
    if (source.startsWith('#modules/')) {
      const [name, ...rest] = source.slice('#modules/'.length).split('/');
      if (rest.length > 0) {
        problems.push([
          node,
          'module-entry',
          `imports ${source}: import the module's entry, '#modules/${name}'`,
        ]);
      } else if (own?.kind === 'module' && own.name === name) {
        problems.push([
          node,
          'module-entry',
          `imports its own entry ${source}: import the file by a relative path`,
        ]);
      }
    } else if (own && source.startsWith('.')) {
      const target = featureOf(repoRoot, path.resolve(path.dirname(file), source));
      if (target && target.dir === own.dir && target.name !== own.name) {
        const fix =
          own.kind === 'module'
            ? `import '#modules/${target.name}' (its index.ts) instead`
            : 'features do not import each other: move shared code to shared/';
        problems.push([node, 'feature-import', `imports ${source} from another ${own.kind}: ${fix}`]);
      }
    }
  }
  return problems;
}

function kyselyProblems(ast, imports) {
  const problems = [];
  for (const { node, source, bringsValues } of imports) {
    if (source === 'kysely' && bringsValues) {
      problems.push([node, 'kysely', "imports values from 'kysely' outside a repository"]);
    }
  }
  for (const node of walk(ast.body)) {
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      !node.callee.computed &&
      SQL_BUILDERS.has(node.callee.property.name)
    ) {
      problems.push([node.callee.property, 'kysely', `.${node.callee.property.name}() outside a repository`]);
    } else if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag.type === 'Identifier' &&
      node.tag.name === 'sql'
    ) {
      problems.push([node, 'kysely', 'sql`…` outside a repository']);
    }
  }
  return problems;
}

function lineAt(text, offset) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
  }
  return line;
}

/** Every violation under `repoRoot`, as { file, line, rule, message }, file relative to the root. */
export function checkBoundaries(repoRoot) {
  const inFeatures = FEATURE_ROOTS.flatMap((r) => sourceFiles(path.join(repoRoot, r.dir)));
  const files = [
    ...new Set([...inFeatures, ...SQL_ROOTS.flatMap((r) => sourceFiles(path.join(repoRoot, r)))]),
  ];
  const violations = [];
  for (const file of files.sort()) {
    const text = readFileSync(file, 'utf8');
    const ast = parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file);
    const imports = importsOf(ast);
    const problems = featureImportProblems(repoRoot, file, imports);
    const relative = path.relative(repoRoot, file);
    const sqlAllowed = file.endsWith('.repository.ts') || TEST_FILE.test(file);
    if (!sqlAllowed && SQL_ROOTS.some((r) => relative.startsWith(`${r}/`))) {
      problems.push(...kyselyProblems(ast, imports));
    }
    for (const [node, rule, message] of problems) {
      violations.push({ file: relative, line: lineAt(text, node.start), rule, message });
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const violations = checkBoundaries(repoRoot);
  for (const v of violations) {
    console.log(`${v.file}:${v.line} ${v.rule} ${v.message}`);
  }
  if (violations.length > 0) {
    console.error(`${violations.length} boundary violation(s)`);
    process.exit(1);
  }
}
