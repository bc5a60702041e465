import { defaultFlags, normalizeFlags, type SystemFlags } from '@riyazi/api/contracts';
import type { HttpClient } from '../http/http-client';

/** Admin-side query key; the socket handler invalidates it when flags change elsewhere. */
export const flagsQueryKey = ['admin', 'flags'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * GET /admin/flag/detail answers an array whose first element holds the flags. An empty array
 * means nothing was saved yet: every flag reads false.
 */
export function parseFlagsResponse(body: unknown): SystemFlags {
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    if (first === undefined) {
      return defaultFlags();
    }
    if (isRecord(first)) {
      return normalizeFlags(first);
    }
  } else if (isRecord(body)) {
    return normalizeFlags(body);
  }
  throw new Error('Unexpected flags response');
}

export async function fetchFlags(http: HttpClient, signal?: AbortSignal): Promise<SystemFlags> {
  return parseFlagsResponse(await http.get<unknown>('/admin/flag/detail', { signal }));
}
