/** The fields that really change, as { field: { from, to } }, and the values to set. */
export function diff<T extends Record<string, unknown>>(current: T, requested: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Partial<T> = {};
  for (const key of Object.keys(requested) as (keyof T & string)[]) {
    const to = requested[key];
    const from = current[key];
    const same = to instanceof Date && from instanceof Date ? to.getTime() === from.getTime() : to === from;
    if (to !== undefined && !same) {
      changes[key] = { from, to };
      set[key] = to;
    }
  }
  return { changes, set, changed: Object.keys(changes).length > 0 };
}
