import { normalizeFlags, rooms } from '@riyazi/api/contracts';
import type { Handlers } from '../handlers.js';
import { findSystemFlags } from './broadcast.repository.js';

/** System events pushed to connected clients (everyone, or a public room). */
export const broadcastHandlers: Handlers['broadcast'] = {
  // Reads the flags from Postgres (the source of truth), so a replayed event sends the current state.
  'flags.updated': async (_payload, _job, { db, io }) => {
    const row = await findSystemFlags(db);
    const stored = row?.flags && typeof row.flags === 'object' && !Array.isArray(row.flags) ? row.flags : {};
    io.emit('flags:updated', {
      flags: normalizeFlags(stored),
      updatedAt: (row?.updatedAt ?? new Date()).toISOString(),
    });
  },
  // Only a nudge: clients refetch /api/champions, so a replay or a late delivery shows the current board.
  'champions.updated': async ({ updatedAt }, _job, { io }) => {
    io.to(rooms.champions()).emit('champions:updated', { updatedAt });
  },
};
