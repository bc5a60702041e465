import { ADMIN_PAGES, ADMIN_PREFIX, type AdminPageKey, CLIENT_PATHS } from '@riyazi/api/contracts';

export { SPONSOR_PAGE_PATH } from '@riyazi/api/contracts';

/** Every page address by name: the contracts' table, which the api also serves 404s by. */
export const paths = CLIENT_PATHS;

/** Absolute path of a permission-guarded admin page; params fill `:name` segments. */
export function adminPagePath(key: AdminPageKey, params: Record<string, string> = {}): string {
  const path = ADMIN_PAGES[key].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return `${ADMIN_PREFIX}/${path}`;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isAdminPath(pathname: string): boolean {
  return isUnder(pathname, ADMIN_PREFIX);
}

export function isQuizPath(pathname: string): boolean {
  return isUnder(pathname, paths.quiz) || isUnder(pathname, paths.quizResults);
}

/** Spec §2: the flags fetch is skipped when the app opens on an admin or quiz route. */
export function shouldFetchFlagsOnStart(pathname: string): boolean {
  return !isAdminPath(pathname) && !isQuizPath(pathname);
}
