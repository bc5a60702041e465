import { type ContestStage, normalizeFlags, type SystemFlags } from '@riyazi/api/contracts';
import { type FlagsReading, fetchFlagsReading, flagsQueryKey } from '../../../shared/flags/flags-api';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import type { FlagsRequestBody } from '../components/flag-draft';

export interface PhaseOption {
  _id: string;
  name: string;
  number: number;
  startsAt: string | null;
  endsAt: string | null;
  status: string;
  /** Where its contest stands (contracts/contest-lifecycle.ts). */
  contestStage: ContestStage;
}

export interface PresetSummary {
  _id: string;
  name: string;
  updatedAt: string;
}

export interface Preset {
  _id: string;
  name: string;
  flags: SystemFlags;
}

interface DataEnvelope<T> {
  data: T;
}

export const configKeys = {
  flags: flagsQueryKey,
  phases: [ADMIN_KEY_ROOT, 'phase-options'] as const,
  presets: [ADMIN_KEY_ROOT, 'flag-presets'] as const,
  saveFlags: [ADMIN_KEY_ROOT, 'save-flags'] as const,
  applyPreset: [ADMIN_KEY_ROOT, 'apply-preset'] as const,
  createPreset: [ADMIN_KEY_ROOT, 'create-preset'] as const,
};

export function fetchAdminFlags(signal?: AbortSignal): Promise<FlagsReading> {
  return fetchFlagsReading(adminHttp, signal);
}

export async function fetchPhaseOptions(signal?: AbortSignal): Promise<PhaseOption[]> {
  return (await adminHttp.get<DataEnvelope<PhaseOption[]>>('/admin/phase/options', { signal })).data;
}

export async function fetchPresets(signal?: AbortSignal): Promise<PresetSummary[]> {
  return (await adminHttp.get<DataEnvelope<PresetSummary[]>>('/systemPreSet/', { signal })).data;
}

export async function fetchPreset(id: string): Promise<Preset> {
  const { data } = await adminHttp.get<DataEnvelope<Preset>>('/admin/preSetFlag/detail/', {
    query: { preSet: id },
  });
  return { ...data, flags: normalizeFlags(data.flags) };
}

/** Saves the changed flags; 409 when someone else saved since the version the body names. */
export async function saveFlags(body: FlagsRequestBody): Promise<FlagsReading> {
  const { data } = await adminHttp.post<{ message: string; data: SystemFlags & { version?: number } }>(
    '/admin/createFlag/',
    body,
  );
  return { flags: normalizeFlags(data), version: data.version ?? null };
}

export async function createPreset(input: { name: string; flags: SystemFlags }): Promise<Preset> {
  return (await adminHttp.post<DataEnvelope<Preset>>('/admin/preSetFlag/create/', input)).data;
}
