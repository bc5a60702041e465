import type { StringStore } from './encrypted-storage';

/** A string store kept in memory, its data open to look at: localStorage's stand-in in tests. */
export function memoryStore(): StringStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}
