import path from 'node:path';
import type { Plugin } from 'vite';

/** A lazily loaded chunk (by its source module) and the client paths whose first render needs it. */
export interface RoutePreloadGroup {
  /** Source modules, relative to the client root, e.g. `src/app/routes/student-pages.ts`. */
  modules: string[];
  /** Exact paths (no query); a path ending in `/*` also covers what lies under it. */
  paths: string[];
}

/** What the build writes to dist/route-preloads.json and the api reads. */
export interface RoutePreload {
  paths: string[];
  /** Hashed files (`/assets/...`), scripts then stylesheets, not already loaded by index.html. */
  scripts: string[];
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A chunk's file and every chunk it imports statically, transitively. */
function staticClosure(start: ChunkLike, chunks: ReadonlyMap<string, ChunkLike>): ChunkLike[] {
  const seen = new Map<string, ChunkLike>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) {
      return;
    }
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = chunks.get(name);
      if (next) {
        visit(next);
      }
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * The files each group of routes needs beyond what index.html already loads: the page chunk, its
 * static imports and their CSS. Throws when a module of a group is not a chunk of its own.
 */
export function routePreloads(
  root: string,
  chunks: readonly ChunkLike[],
  groups: readonly RoutePreloadGroup[],
): RoutePreload[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inShell = new Set(
    chunks
      .filter((chunk) => chunk.isEntry)
      .flatMap((entry) => staticClosure(entry, byName).map((c) => c.fileName)),
  );
  const byModule = new Map(
    chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId ?? '', chunk]),
  );
  return groups.map((group) => {
    const needed = new Map<string, ChunkLike>();
    for (const module of group.modules) {
      const chunk = byModule.get(path.resolve(root, module));
      if (!chunk) {
        throw new Error(`route preload: ${module} is not a chunk of its own (is it imported lazily?)`);
      }
      for (const part of staticClosure(chunk, byName)) {
        if (!inShell.has(part.fileName)) {
          needed.set(part.fileName, part);
        }
      }
    }
    const parts = [...needed.values()];
    return {
      paths: [...group.paths],
      scripts: parts.map((part) => `/${part.fileName}`),
      styles: [...new Set(parts.flatMap((part) => [...(part.viteMetadata?.importedCss ?? [])]))].map(
        (file) => `/${file}`,
      ),
    };
  });
}

/**
 * Writes dist/route-preloads.json: for each group of client paths, the lazily loaded files its
 * first render waits for. The api names them in a `Link` header when it serves index.html for such
 * a path, so a phone fetches them beside the entry instead of one round trip after it.
 */
export function routePreloadPlugin(groups: readonly RoutePreloadGroup[]): Plugin {
  let root = process.cwd();
  return {
    name: 'riyazi-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkLike => item.type === 'chunk',
      );
      const preloads = routePreloads(root, chunks, groups);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
    },
  };
}
