import type { AdminAuthState } from '@riyazi/api/contracts';

/**
 * Spec §4/§6: Promote is offered only when the list response says a winner can be added
 * (addWinner) and the user is a Super Admin holding student update.
 */
export function canPromote(
  auth: Pick<AdminAuthState, 'isSuperAdmin' | 'permissions'> | null,
  addWinner: boolean | undefined,
): boolean {
  return addWinner === true && auth?.isSuperAdmin === true && auth.permissions.student?.update === true;
}
