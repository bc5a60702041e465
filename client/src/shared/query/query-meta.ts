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
