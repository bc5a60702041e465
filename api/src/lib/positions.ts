// Lists staff order by hand with arrows (FAQ groups and questions, gallery albums and photos):
// each row has an integer position; a new row goes last and a move swaps two neighbours.
import { z } from 'zod';
import { LIST_MOVES, type ListMove } from '../contracts/list-sort.js';

/** The body of a move route. */
export const moveBody = z.object({ direction: z.enum(LIST_MOVES, { message: 'must be up or down' }) });

/** The position after the last row. */
export const nextPosition = (rows: readonly { position: number }[]) =>
  rows.reduce((max, row) => Math.max(max, row.position), 0) + 1;

/**
 * Swaps a row with its neighbour in `rows` (in order, locked by the caller); false when it is
 * already first or last (or not there).
 */
export async function swapWithNeighbour<R extends { id: string; position: number }>(
  rows: R[],
  id: string,
  direction: ListMove,
  setPosition: (id: string, position: number) => Promise<unknown>,
): Promise<boolean> {
  const index = rows.findIndex((r) => r.id === id);
  const other = rows[direction === 'up' ? index - 1 : index + 1];
  const row = rows[index];
  if (row === undefined || other === undefined) {
    return false;
  }
  // Positions may tie or have gaps after deletes: renumber the list, then swap the two.
  const numbered = rows.map((r, i) => ({ id: r.id, position: i + 1 }));
  const [a, b] = [index, rows.indexOf(other)];
  const pa = numbered[a];
  const pb = numbered[b];
  if (pa && pb) {
    [pa.position, pb.position] = [pb.position, pa.position];
  }
  for (const [i, r] of numbered.entries()) {
    if (rows[i]?.position !== r.position) {
      await setPosition(r.id, r.position);
    }
  }
  return true;
}
