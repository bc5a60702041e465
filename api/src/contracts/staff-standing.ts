import { actionsOf, MODULES, type Permissions } from './permissions.js';

/** What decides where staff stand: Super Admin or not, and the permissions their role holds. */
export interface StaffRank {
  isSuperAdmin: boolean;
  permissions: Permissions;
}

/**
 * Where a colleague stands from the actor's side. A Super Admin is above everyone who is not one;
 * between other staff, `below` is a strict subset of the actor's permissions, `peer` the same set,
 * `above` a strict superset and `apart` each holding something the other lacks. Someone `below`
 * can do nothing the actor cannot, so only their password may be set by the actor; anyone else
 * gets a reset link to their own address. Nobody is below themselves (the caller checks identity).
 */
export type StaffStanding = 'below' | 'peer' | 'above' | 'apart';

function grantSet(permissions: Permissions): Set<string> {
  return new Set(
    MODULES.flatMap((m) =>
      actionsOf(m)
        .filter((a) => permissions[m]?.[a] === true)
        .map((a) => `${m}:${a}`),
    ),
  );
}

export function standingOf(actor: StaffRank, target: StaffRank): StaffStanding {
  if (actor.isSuperAdmin || target.isSuperAdmin) {
    return actor.isSuperAdmin === target.isSuperAdmin ? 'peer' : actor.isSuperAdmin ? 'below' : 'above';
  }
  const mine = grantSet(actor.permissions);
  const theirs = grantSet(target.permissions);
  const theyLack = [...mine].some((g) => !theirs.has(g));
  const iLack = [...theirs].some((g) => !mine.has(g));
  if (theyLack && iLack) {
    return 'apart';
  }
  return theyLack ? 'below' : iLack ? 'above' : 'peer';
}
