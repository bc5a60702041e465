import type {
  AutoWinnersResult,
  NotifyQualifiersPreview,
  NotifyQualifiersResult,
  PhaseCutoffs,
  PhaseWinner,
  WinnerCandidate,
} from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export interface PhaseOption {
  _id: string;
  name: string;
  number: number;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
}

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'winners'] as const;

export const winnersKeys = {
  root,
  phases: [...root, 'phases'] as const,
  list: (phaseId: string) => [...root, 'list', phaseId] as const,
  candidate: (phaseId: string, studentNo: number) => [...root, 'candidate', phaseId, studentNo] as const,
  cutoffs: (phaseId: string) => [...root, 'cutoffs', phaseId] as const,
  promote: [...root, 'promote'] as const,
  auto: [...root, 'auto'] as const,
  remove: [...root, 'remove'] as const,
  saveCutoff: [...root, 'save-cutoff'] as const,
  notify: [...root, 'notify'] as const,
  notifyPreview: (phaseId: string) => [...root, 'notify-preview', phaseId] as const,
};

/** Every phase (a contest has a handful; the api pages at most 100). */
export async function fetchPhaseOptions(signal?: AbortSignal): Promise<PhaseOption[]> {
  return (
    await adminHttp.get<DataEnvelope<PhaseOption[]>>('/phase/detail/', { query: { limit: 100 }, signal })
  ).data;
}

export async function fetchWinners(phaseId: string, signal?: AbortSignal): Promise<PhaseWinner[]> {
  return (await adminHttp.get<DataEnvelope<PhaseWinner[]>>('/phaseWinner/', { query: { phaseId }, signal }))
    .data;
}

export async function fetchCandidate(
  phaseId: string,
  studentNo: number,
  signal?: AbortSignal,
): Promise<WinnerCandidate> {
  return (
    await adminHttp.get<DataEnvelope<WinnerCandidate>>('/phaseWinner/candidate/', {
      query: { phaseId, studentNo },
      signal,
    })
  ).data;
}

export interface PromoteInput {
  password: string;
  phaseId: string;
  winnerId: string;
  gradeId: string;
}

/** Spec §7: the promote form goes as multipart form data; 201 means promoted. */
export async function promoteStudent(input: PromoteInput): Promise<PhaseWinner> {
  const form = new FormData();
  form.set('password', input.password);
  form.set('phaseId', input.phaseId);
  form.set('winnerId', input.winnerId);
  form.set('gradeId', input.gradeId);
  return (await adminHttp.post<{ message: string; data: PhaseWinner }>('/phaseWinner/create/manually', form))
    .data;
}

export async function createWinnersAutomatically(input: {
  phaseId: string;
  password: string;
  topN: number;
}): Promise<{ message: string; data: AutoWinnersResult }> {
  return adminHttp.post('/phaseWinner/create/automatically', input);
}

export async function removeWinner({ id, password }: { id: string; password: string }): Promise<void> {
  await adminHttp.request<unknown>('DELETE', '/phaseWinner/delete/', { query: { id }, body: { password } });
}

export async function fetchCutoffs(phaseId: string, signal?: AbortSignal): Promise<PhaseCutoffs> {
  return (
    await adminHttp.get<DataEnvelope<PhaseCutoffs>>('/admin/phaseCutoff/', { query: { phaseId }, signal })
  ).data;
}

export async function saveCutoff(input: {
  phaseId: string;
  gradeId: string;
  topN: number;
}): Promise<PhaseCutoffs> {
  return (await adminHttp.post<DataEnvelope<PhaseCutoffs>>('/admin/phaseCutoff/create/', input)).data;
}

export async function notifyQualifiers(phaseId: string): Promise<NotifyQualifiersResult> {
  return (
    await adminHttp.post<DataEnvelope<NotifyQualifiersResult>>('/admin/phaseCutoff/notify/', { phaseId })
  ).data;
}

export async function fetchNotifyPreview(
  phaseId: string,
  signal?: AbortSignal,
): Promise<NotifyQualifiersPreview> {
  return (
    await adminHttp.get<DataEnvelope<NotifyQualifiersPreview>>('/admin/phaseCutoff/notify/', {
      query: { phaseId },
      signal,
    })
  ).data;
}
