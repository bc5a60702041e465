/** One page of an admin list, as every list endpoint answers it (lib/paging.ts pageOf). */
export interface ListPage<T> {
  data: T[];
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
}
