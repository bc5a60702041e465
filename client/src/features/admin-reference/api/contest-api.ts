import type { ContestStateDto } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { referenceKeys } from './reference-api';

/** A phase's contest lifecycle, as GET /api/admin/phase/contests lists them. */
export type PhaseContest = ContestStateDto & { phaseId: string };

export const contestKeys = {
  // Under the reference lists' root: a phase edit re-reads the contests too.
  all: [...referenceKeys.root, 'phase', 'contests'] as const,
  end: [...referenceKeys.root, 'phase', 'end-contest'] as const,
  release: [...referenceKeys.root, 'phase', 'results-release'] as const,
};

export async function fetchPhaseContests(signal?: AbortSignal): Promise<PhaseContest[]> {
  return (await adminHttp.get<{ data: PhaseContest[] }>('/admin/phase/contests', { signal })).data;
}

export interface EndContestInput {
  phaseId: string;
  resultsReleaseAt: string | null;
  freezeBoards: boolean;
}

export function endContest({ phaseId, ...body }: EndContestInput) {
  return adminHttp.post<{ message: string; data: ContestStateDto }>('/admin/phase/end-contest/', body, {
    query: { id: phaseId },
  });
}

export function setResultsRelease({
  phaseId,
  resultsReleaseAt,
}: {
  phaseId: string;
  resultsReleaseAt: string | null;
}) {
  return adminHttp.post<{ message: string; data: ContestStateDto }>(
    '/admin/phase/results-release/',
    { resultsReleaseAt },
    { query: { id: phaseId } },
  );
}
