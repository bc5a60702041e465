// The admin list kit: URL state (filters, sort, page), permissions, search, sortable table, column
// picker, pager, row actions and delete confirmation.
export * from './column-picker';
export * from './delete-confirm';
export * from './list-parts';
export * from './list-url-schema';
export * from './use-can';
export * from './use-list-url-state';
