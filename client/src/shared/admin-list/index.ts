// The admin list kit: URL state (filters, sort, page), permissions, search, sortable table, column
// picker, pager, row actions, move arrows, the title dialog and delete confirmation.
export * from './column-picker';
export * from './delete-confirm';
export * from './list-parts';
export * from './list-url-schema';
export * from './move-buttons';
export * from './title-dialog';
export * from './use-can';
export * from './use-list-url-state';
