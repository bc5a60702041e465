import type { EngineDeps } from '../../engine.js';
import type { Executor } from '../../lib/db.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { DispatchDeps } from '../../queue/outbox.js';
import * as repo from './play-quiz.repository.js';

/** What the play services that write take: the after-commit dispatch deps and the node's engine. */
export type PlayDeps = DispatchDeps & EngineDeps;

/** Errors the client acts on carry a code beside the message (spec §5: incomplete profile → /profile/edit). */
export const refuse = (status: number, message: string, code: string) =>
  new HttpError(status, message, { code });

export const noAttempts = () => refuse(403, 'You have no contest attempts left.', 'NO_ATTEMPTS');

export async function ownPlay(db: Executor, studentId: string, playId: string): Promise<repo.PlayRow> {
  const play = await repo.findPlay(db, playId);
  // Another student's play is "not found": its existence is not theirs to learn.
  if (!play || play.studentId !== studentId) {
    throw notFound('Play not found');
  }
  return play;
}
