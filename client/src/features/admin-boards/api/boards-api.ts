import type { PublicDisplaySettings, RankingStatus, RebuildResult } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export interface PhaseOption {
  _id: string;
  name: string;
  number: number;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
}

export type GradeRankingStatus = RankingStatus['grades'][number];

/** POST /admin/publicDisplay/create/ body. */
export type DisplaySettingsBody = Omit<PublicDisplaySettings, 'updatedAt'>;
export type DisplaySettings = PublicDisplaySettings;
export type { RankingStatus, RebuildResult };

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'boards'] as const;

export const boardsKeys = {
  root,
  phases: [...root, 'phases'] as const,
  status: (phaseId: string) => [...root, 'status', phaseId] as const,
  rebuild: [...root, 'rebuild'] as const,
  freeze: [...root, 'freeze'] as const,
  reveal: [...root, 'reveal'] as const,
  display: [...root, 'display'] as const,
  saveDisplay: [...root, 'save-display'] as const,
};

/** Every phase (a contest has a handful; the api pages at most 100). */
export async function fetchPhaseOptions(signal?: AbortSignal): Promise<PhaseOption[]> {
  return (
    await adminHttp.get<DataEnvelope<PhaseOption[]>>('/phase/detail/', { query: { limit: 100 }, signal })
  ).data;
}

export async function fetchRankingStatus(phaseId: string, signal?: AbortSignal): Promise<RankingStatus> {
  return (
    await adminHttp.get<DataEnvelope<RankingStatus>>('/admin/ranking/status/', { query: { phaseId }, signal })
  ).data;
}

export async function rebuildRankings(phaseId: string): Promise<RebuildResult> {
  return (await adminHttp.post<DataEnvelope<RebuildResult>>('/admin/ranking/rebuild/', { phaseId })).data;
}

export function freezeBoard(phaseId: string) {
  return adminHttp.post<{ message: string; data: { phaseId: string; frozenAt: string; grades: number } }>(
    '/admin/ranking/freeze/',
    { phaseId },
  );
}

export function revealBoard(phaseId: string) {
  return adminHttp.post<{ message: string; data: { phaseId: string; grades: number } }>(
    '/admin/ranking/reveal/',
    { phaseId },
  );
}

export async function fetchDisplaySettings(signal?: AbortSignal): Promise<DisplaySettings> {
  return (await adminHttp.get<DataEnvelope<DisplaySettings>>('/admin/publicDisplay/', { signal })).data;
}

export function saveDisplaySettings(body: DisplaySettingsBody) {
  return adminHttp.post<{ message: string; data: DisplaySettings }>('/admin/publicDisplay/create/', body);
}
