import {
  type Action,
  actionsOf,
  hasPermission,
  MODULES,
  type Module,
  type Permissions,
  standingOf,
} from '@riyazi/api/contracts';

export interface Access {
  permissions: Permissions;
  isSuperAdmin: boolean;
}

export const MODULE_LABELS: Record<Module, string> = {
  question: 'Questions',
  grade: 'Grades',
  phase: 'Phases',
  category: 'Categories',
  subCategory: 'Subcategories',
  users: 'Staff users',
  student: 'Students',
  studentVerification: 'Student verification',
  promoCode: 'Promo codes',
  code: 'Code management',
  configurations: 'Configurations',
  faqManagement: 'FAQ',
  photoGallery: 'Photo gallery',
  bulkUpload: 'Students bulk upload',
  quiz: 'Quizzes',
  questionReports: 'Question reports',
  paymentTransactions: 'Payment reports',
  paymentFailure: 'Payment failures',
  quizPerformance: 'Quiz performance',
  systemConfigurations: 'System configuration',
  emailConfigurations: 'E-mail configuration',
  paymentConfigurations: 'Payment configuration and contest services',
  queues: 'Job queues (board)',
  integrity: 'Integrity (signals and review)',
  certificate: 'Certificates (list, download, revoke, re-issue)',
};

export const ACTION_LABELS: Record<Action, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  export: 'Export',
};

export const isGranted = (permissions: Permissions, module: Module, action: Action): boolean =>
  permissions[module]?.[action] === true;

export function setGrant(permissions: Permissions, module: Module, action: Action, on: boolean): Permissions {
  return { ...permissions, [module]: { ...permissions[module], [action]: on } };
}

/** Ticks or clears a whole row, leaving alone the boxes the editor may not touch. */
export function setRow(
  permissions: Permissions,
  module: Module,
  on: boolean,
  editable: (action: Action) => boolean,
): Permissions {
  return actionsOf(module)
    .filter(editable)
    .reduce((next, action) => setGrant(next, module, action, on), permissions);
}

export function rowState(permissions: Permissions, module: Module): 'all' | 'some' | 'none' {
  const offered = actionsOf(module);
  const count = offered.filter((action) => isGranted(permissions, module, action)).length;
  return count === offered.length ? 'all' : count === 0 ? 'none' : 'some';
}

/** Only the granted permissions, the way the api stores them. */
export function compactPermissions(permissions: Permissions): Permissions {
  const compact: Permissions = {};
  for (const module of MODULES) {
    const granted = actionsOf(module).filter((action) => isGranted(permissions, module, action));
    if (granted.length > 0) {
      compact[module] = Object.fromEntries(granted.map((action) => [action, true]));
    }
  }
  return compact;
}

export function grantCount(permissions: Permissions): number {
  return MODULES.reduce(
    (sum, module) =>
      sum + actionsOf(module).filter((action) => isGranted(permissions, module, action)).length,
    0,
  );
}

/** The api refuses a role (or its assignment) holding anything the signed-in user does not hold. */
export function canGrantAll(
  access: Access,
  role: { permissions: Permissions; isSuperAdmin: boolean },
): boolean {
  if (access.isSuperAdmin) {
    return true;
  }
  if (role.isSuperAdmin) {
    return false;
  }
  return MODULES.every((module) =>
    actionsOf(module).every(
      (action) =>
        !isGranted(role.permissions, module, action) ||
        hasPermission(access.permissions, access.isSuperAdmin, { module, action }),
    ),
  );
}

/**
 * Why the signed-in user may not change or delete a staff member holding this role, or null: as
 * the api decides (a Super Admin only by a Super Admin; anyone else only by someone holding every
 * permission they hold). Without the role's permissions (roles still loading) it is locked.
 */
export function staffLockReason(
  access: Access,
  role: { isSuperAdmin: boolean; permissions?: Permissions },
): string | null {
  if (access.isSuperAdmin) {
    return null;
  }
  if (role.isSuperAdmin) {
    return 'Only a Super Admin can change a Super Admin';
  }
  if (role.permissions === undefined || !canGrantAll(access, { ...role, permissions: role.permissions })) {
    return 'Has permissions you do not hold';
  }
  return null;
}

/**
 * Whether the signed-in user may set this staff member's password: only of someone below them
 * (standingOf), never their own; anyone else is sent a reset link. Unknown permissions: no.
 */
export function canSetPasswordOf(
  access: Access,
  role: { isSuperAdmin: boolean; permissions?: Permissions },
  isSelf: boolean,
): boolean {
  if (isSelf || role.permissions === undefined) {
    return false;
  }
  return standingOf(access, { isSuperAdmin: role.isSuperAdmin, permissions: role.permissions }) === 'below';
}
