import type { SystemFlags } from './flags.js';
import type { ChampionsUpdatedEvent, LeaderboardUpdatedEvent } from './rankings.js';

export interface FlagsUpdatedEvent {
  flags: SystemFlags;
  updatedAt: string;
}

export interface JobProgressEvent {
  jobId: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  progress: number;
}

/** Events the server (api nodes, or workers through the relay) sends to clients. */
export interface ServerToClientEvents {
  'flags:updated': (event: FlagsUpdatedEvent) => void;
  'job:progress': (event: JobProgressEvent) => void;
  'leaderboard:updated': (event: LeaderboardUpdatedEvent) => void;
  'champions:updated': (event: ChampionsUpdatedEvent) => void;
}

/** A join's answer; `retryAfterMs` when the node is busy with this network's events (try again then). */
export interface RoomJoinResult {
  ok: boolean;
  message?: string;
  retryAfterMs?: number;
}

export interface ClientToServerEvents {
  'room:join': (room: string, ack: (result: RoomJoinResult) => void) => void;
  'room:leave': (room: string) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Room names in one place, never string literals scattered around. */
export const rooms = {
  everyone: () => 'everyone',
  staff: () => 'staff',
  leaderboard: (phaseId: string, gradeId: string) => `leaderboard:${phaseId}:${gradeId}`,
  champions: () => 'champions',
  job: (jobId: string) => `job:${jobId}`,
  /** Server side only: the connections of one sign-in session, disconnected when it ends. */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;
