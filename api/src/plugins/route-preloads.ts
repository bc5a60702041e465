import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One group of dist/route-preloads.json (written by client/build/route-preload-plugin.ts). */
interface RoutePreload {
  paths: string[];
  scripts: string[];
  styles: string[];
}

const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;
/** The English texts' chunk: a reader whose browser asks for Urdu first loads the Urdu instead. */
const ENGLISH_TEXTS = /^\/assets\/en-[\w-]+\.js$/;
const RELOAD_MS = 5000;

function readGroups(text: string): RoutePreload[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) {
    return [];
  }
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return parsed.map((group) => ({
    paths: strings(group?.paths),
    scripts: strings(group?.scripts).filter((file) => ASSET.test(file)),
    styles: strings(group?.styles).filter((file) => ASSET.test(file)),
  }));
}

const prefersUrdu = (acceptLanguage: string | undefined) => /^\s*ur\b/i.test(acceptLanguage ?? '');

/** The `Link` header value naming a group's files: scripts as module preloads, styles as style preloads. */
export function linkHeader(group: RoutePreload, acceptLanguage?: string): string | null {
  const urdu = prefersUrdu(acceptLanguage);
  const links = [
    ...group.scripts
      .filter((file) => !(urdu && ENGLISH_TEXTS.test(file)))
      .map((file) => `<${file}>; rel=modulepreload`),
    ...group.styles.map((file) => `<${file}>; rel=preload; as=style; crossorigin`),
  ];
  return links.length > 0 ? links.join(', ') : null;
}

/**
 * For a client path served index.html: the files its first render waits for, named in a `Link`
 * header so the browser fetches them beside the entry, not a round trip after it. The file is
 * re-read every few seconds, so a rebuilt client is picked up without a restart; no file, no header.
 */
export function routePreloadLinks(distDir: string) {
  const file = path.join(distDir, 'route-preloads.json');
  let loaded: { at: number; byPath: Map<string, RoutePreload> } | null = null;
  const load = async () => {
    const byPath = new Map<string, RoutePreload>();
    try {
      for (const group of readGroups(await readFile(file, 'utf8'))) {
        for (const route of group.paths) {
          byPath.set(route, group);
        }
      }
    } catch {
      // No build, or one from before route preloads: the page still works, one round trip slower.
    }
    return byPath;
  };
  return async (url: string, acceptLanguage?: string): Promise<string | null> => {
    if (loaded === null || Date.now() - loaded.at > RELOAD_MS) {
      loaded = { at: Date.now(), byPath: await load() };
    }
    const group = loaded.byPath.get(url.length > 1 ? url.replace(/\/+$/, '') : url);
    return group ? linkHeader(group, acceptLanguage) : null;
  };
}
