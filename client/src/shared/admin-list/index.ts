// The admin list kit: URL state, permissions, search, table, pager, row actions and delete confirmation.
export * from './delete-confirm';
export * from './list-parts';
export * from './list-url-schema';
export * from './use-can';
export * from './use-list-url-state';
