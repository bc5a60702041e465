/** One page of a list, in the shape every admin list answers (spec §5: data, total, paging). */
export async function pageOf<R, D>(
  { page, limit }: { page: number; limit: number },
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
  toDto: (row: R) => D,
) {
  const [found, total] = await Promise.all([rows(limit, (page - 1) * limit), count()]);
  return {
    data: found.map(toDto),
    total,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    itemsPerPage: limit,
  };
}
