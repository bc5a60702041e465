import { defaultFlags, normalizeFlags, type SystemFlags } from '@riyazi/api/contracts';
import type { HttpClient } from '../http/http-client';

/** Admin-side query key; the socket handler invalidates it when flags change elsewhere. */
export const flagsQueryKey = ['admin', 'flags'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The flags as read, with the version a save names (null from a server that gives none). */
export interface FlagsReading {
  flags: SystemFlags;
  version: number | null;
}

/**
 * GET /admin/flag/detail answers an array whose first element holds the flags and their version.
 * An empty array means nothing was saved yet: every flag reads false.
 */
export function parseFlagsReading(body: unknown): FlagsReading {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (Array.isArray(body) && first === undefined) {
    return { flags: defaultFlags(), version: null };
  }
  if (!isRecord(first)) {
    throw new Error('Unexpected flags response');
  }
  const { version } = first;
  return {
    flags: normalizeFlags(first),
    version: typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : null,
  };
}

export const parseFlagsResponse = (body: unknown): SystemFlags => parseFlagsReading(body).flags;

export async function fetchFlagsReading(http: HttpClient, signal?: AbortSignal): Promise<FlagsReading> {
  return parseFlagsReading(await http.get<unknown>('/admin/flag/detail', { signal }));
}

export async function fetchFlags(http: HttpClient, signal?: AbortSignal): Promise<SystemFlags> {
  return (await fetchFlagsReading(http, signal)).flags;
}
