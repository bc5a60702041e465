import '@tanstack/react-query';

export interface AppQueryMeta extends Record<string, unknown> {
  /** Opt out of the admin error toast (the screen shows the error itself). */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/** Every admin query and mutation key starts with this; the error adapter and persister read it. */
export const ADMIN_KEY_ROOT = 'admin';

export function isAdminKey(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === ADMIN_KEY_ROOT;
}

/** Keys of a signed-in student's own data: never persisted to localStorage, dropped at logout. */
export const STUDENT_KEY_ROOT = 'student';

export function isStudentKey(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === STUDENT_KEY_ROOT;
}
