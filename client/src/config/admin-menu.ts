import { ADMIN_PAGES, type AdminPageKey, hasPermission, type Permissions } from '@riyazi/api/contracts';
import { paths } from './paths';

export interface AdminMenuItem {
  page: AdminPageKey;
  label: string;
}

export interface AdminMenuGroup {
  label: string;
  items: AdminMenuItem[];
}

export const ADMIN_MENU: AdminMenuGroup[] = [
  { label: 'Questions', items: [{ page: 'questions', label: 'Questions' }] },
  { label: 'Quizzes', items: [{ page: 'quiz', label: 'Quizzes' }] },
  {
    label: 'Reference data',
    items: [
      { page: 'grade', label: 'Grades' },
      { page: 'phase', label: 'Phases' },
      { page: 'category', label: 'Categories' },
      { page: 'subcategory', label: 'Subcategories' },
    ],
  },
  {
    label: 'Students',
    items: [
      { page: 'students', label: 'Students' },
      { page: 'studentVerification', label: 'Verification' },
      { page: 'bulkUpload', label: 'Bulk upload' },
      { page: 'integrity', label: 'Integrity review' },
      { page: 'integrityChecks', label: 'Integrity checks' },
      { page: 'certificates', label: 'Certificates' },
    ],
  },
  {
    label: 'Payments',
    items: [
      { page: 'promoCode', label: 'Promo codes' },
      { page: 'codeManagement', label: 'Code management' },
    ],
  },
  {
    label: 'Reports',
    items: [
      { page: 'reportQuestions', label: 'Questions' },
      { page: 'reportPayments', label: 'Payments' },
      { page: 'reportPaymentFailures', label: 'Payment failures' },
      { page: 'reportQuizPerformance', label: 'Quiz performance' },
    ],
  },
  {
    label: 'Configurations',
    items: [
      { page: 'configSystem', label: 'System' },
      { page: 'configEmail', label: 'E-mail' },
      { page: 'configPayment', label: 'Payment' },
      { page: 'configContestServices', label: 'Contest services' },
    ],
  },
  {
    label: 'Content',
    items: [
      { page: 'contentFaq', label: 'FAQ' },
      { page: 'contentPages', label: 'Site pages' },
      { page: 'contentGallery', label: 'Photo gallery' },
    ],
  },
  { label: 'Staff users', items: [{ page: 'staffUsers', label: 'Staff users' }] },
  { label: 'Operations', items: [{ page: 'queues', label: 'Job queues' }] },
];

export interface AdminAccess {
  permissions: Permissions;
  isSuperAdmin: boolean;
}

export function canOpenAdminPage(access: AdminAccess, page: AdminPageKey): boolean {
  return hasPermission(access.permissions, access.isSuperAdmin, ADMIN_PAGES[page]);
}

/** The menu as this user may see it: items they cannot open are left out, and empty groups too. */
export function visibleAdminMenu(access: AdminAccess, menu: AdminMenuGroup[] = ADMIN_MENU): AdminMenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => canOpenAdminPage(access, item.page)) }))
    .filter((group) => group.items.length > 0);
}

/** Where staff land after signing in: the dashboard, open to everyone (its tiles follow permissions). */
export function adminHomePath(): string {
  return paths.admin.dashboard;
}

/** A return path from the login redirect, accepted only inside the back office and not the login itself. */
export function safeAdminReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith(`${paths.admin.root}/`)) {
    return null;
  }
  const pathname = from.split(/[?#]/)[0] ?? '';
  return pathname === paths.admin.login || pathname === paths.admin.resetPassword ? null : from;
}
