import type { QueueName } from '@riyazi/api/contracts';

export type WorkerGroup = 'contest' | 'background';

/**
 * Which queues each worker group takes (README "Worker groups"). `contest` is what a child waits
 * for on contest day (scores, boards, deadlines); `background` is everything that can wait a
 * minute. Run in separate processes, a CPU-heavy background job cannot hold the scoring event loop.
 */
export const GROUP_QUEUES: { readonly [G in WorkerGroup]: readonly QueueName[] } = {
  contest: ['scoring', 'ranking', 'broadcast'],
  background: ['integrity', 'mail', 'exports', 'bulkUpload'],
};

export function queuesOf(groups: readonly WorkerGroup[]): QueueName[] {
  return groups.flatMap((group) => GROUP_QUEUES[group]);
}
