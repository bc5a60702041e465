import { type Action, type AdminAuthState, hasPermission, type Module } from '@riyazi/api/contracts';
import { useAdminAuth } from '../session/use-session';

/** Whether the signed-in staff member may do action on the page's module. */
export type Can = (action: Action) => boolean;

type Access = Pick<AdminAuthState, 'permissions' | 'isSuperAdmin'>;

/** can(action) over one module for a staff member's access. */
export const canOn =
  (access: Access, module: Module): Can =>
  (action) =>
    hasPermission(access.permissions, access.isSuperAdmin, { module, action });

/** can(action) on module for the signed-in staff member; null while nobody is signed in. */
export function useCan(module: Module): Can | null {
  const auth = useAdminAuth();
  return auth === null ? null : canOn(auth, module);
}
