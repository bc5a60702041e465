import type { Db } from '@riyazi/db';
import type { LiveSessions } from '../plugins/auth.js';
import type { SocketData } from './adapter.js';
import type { BoardRooms } from './board-rooms.js';
import { findJobRequester } from './rooms.repository.js';

// Ids as PostgreSQL writes them (lower case): an upper-case spelling would be another room, which
// nothing is ever sent to.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BOARD_ROOM = new RegExp(`^leaderboard:(${UUID}):(${UUID})$`);
const JOB_ROOM = new RegExp(`^job:(${UUID})$`);
const CHAMPIONS_ROOM = 'champions';

/**
 * The rooms a client asks for itself (room:join, room:leave). The server's own rooms for a socket
 * (its id, its session's, staff) are none of them: a client can neither join nor leave those.
 */
export const isClientRoom = (room: string): boolean =>
  room === CHAMPIONS_ROOM || BOARD_ROOM.test(room) || JOB_ROOM.test(room);

export interface RoomRuleDeps {
  db: Db;
  liveSessions: LiveSessions;
  boardRooms: BoardRooms;
}

/**
 * The champions room is open to anyone, a board's room to anyone when its phase and grade exist
 * (checked against the node's cached list, never a query per join). A job's room (its progress, a
 * file of children's data in the making) only to the staff member who started the job, or a Super
 * Admin, both read now.
 */
export async function mayJoin(deps: RoomRuleDeps, room: string, data: SocketData): Promise<boolean> {
  if (room === CHAMPIONS_ROOM) {
    return true;
  }
  const board = BOARD_ROOM.exec(room);
  if (board?.[1] !== undefined && board[2] !== undefined) {
    return deps.boardRooms.exists(board[1], board[2]);
  }
  const jobId = JOB_ROOM.exec(room)?.[1];
  if (jobId === undefined || data.role !== 'staff' || data.claims === null) {
    return false;
  }
  const [staff, requester] = await Promise.all([
    deps.liveSessions.staff(data.claims),
    findJobRequester(deps.db, jobId),
  ]);
  return staff !== null && requester !== undefined && (staff.isSuperAdmin || requester === staff.id);
}

/** How many rooms the socket has joined itself (bounded: its rooms are capped). */
export function clientRoomCount(rooms: ReadonlySet<string>): number {
  let count = 0;
  for (const room of rooms) {
    if (isClientRoom(room)) {
      count += 1;
    }
  }
  return count;
}
