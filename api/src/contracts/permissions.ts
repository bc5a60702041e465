export const MODULES = [
  'question',
  'grade',
  'phase',
  'category',
  'subCategory',
  'users',
  'student',
  'studentVerification',
  'promoCode',
  'code',
  'configurations',
  'faqManagement',
  'photoGallery',
  'bulkUpload',
  'quiz',
  'questionReports',
  'paymentTransactions',
  'paymentFailure',
  'quizPerformance',
  'systemConfigurations',
  'emailConfigurations',
  'paymentConfigurations',
  'queues',
  'integrity',
  'certificate',
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

const CRUD: readonly Action[] = ['read', 'create', 'update', 'delete'];
const STUDENT_ACTIONS: readonly Action[] = [...CRUD, 'export'];
/**
 * The job queues board: read = look, update = retry, promote or remove jobs. Integrity: read = the
 * flagged plays, their evidence, the thresholds and phase runs; update = decide (clear, warn,
 * disqualify), change the thresholds, run a phase. Certificate: read = list and download; update = revoke, re-issue.
 */
const READ_UPDATE: readonly Action[] = ['read', 'update'];

/**
 * The actions each module offers. Exporting students (children's personal data in bulk) and
 * unredeemed access codes (money's worth) are permissions of their own, separate from reading.
 */
export const actionsOf = (module: Module): readonly Action[] =>
  module === 'student' || module === 'code'
    ? STUDENT_ACTIONS
    : module === 'queues' || module === 'integrity' || module === 'certificate'
      ? READ_UPDATE
      : CRUD;

/** Permissions by resource, as in the admin auth state: { student: { read: true, update: true } }. */
export type Permissions = Partial<Record<Module, Partial<Record<Action, boolean>>>>;

export interface Permission {
  module: Module;
  action: Action;
}

export function isModule(value: string): value is Module {
  return (MODULES as readonly string[]).includes(value);
}

export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

export function hasPermission(
  permissions: Permissions,
  isSuperAdmin: boolean,
  { module, action }: Permission,
): boolean {
  return isSuperAdmin || permissions[module]?.[action] === true;
}

export function allPermissions(): Permissions {
  return Object.fromEntries(
    MODULES.map((m) => [m, Object.fromEntries(actionsOf(m).map((a) => [a, true]))]),
  ) as Permissions;
}

export const ADMIN_PREFIX = '/admin-a1b2c3';

/**
 * Every permission-guarded admin page (spec §6). The client guard reads this table; the api
 * declares the same module + action on the calls each page makes.
 */
export const ADMIN_PAGES = {
  questions: { path: 'questions', module: 'question', action: 'read' },
  questionNew: { path: 'question/new', module: 'question', action: 'create' },
  questionImport: { path: 'questions/import', module: 'question', action: 'create' },
  questionEdit: { path: 'question/:id', module: 'question', action: 'update' },
  questionView: { path: 'question/view/:id', module: 'question', action: 'update' },
  grade: { path: 'grade', module: 'grade', action: 'read' },
  bulkUpload: { path: 'students-bulk-upload', module: 'bulkUpload', action: 'read' },
  bulkUploadNew: { path: 'students-bulk-upload/new', module: 'bulkUpload', action: 'create' },
  phase: { path: 'phase', module: 'phase', action: 'read' },
  category: { path: 'category', module: 'category', action: 'read' },
  subcategory: { path: 'subcategory', module: 'subCategory', action: 'read' },
  staffUsers: { path: 'staff-users', module: 'users', action: 'read' },
  quiz: { path: 'quiz', module: 'quiz', action: 'read' },
  quizNew: { path: 'quiz/new', module: 'quiz', action: 'create' },
  quizEdit: { path: 'quiz/:id', module: 'quiz', action: 'update' },
  students: { path: 'students', module: 'student', action: 'read' },
  studentView: { path: 'students/view/:id', module: 'student', action: 'read' },
  studentAttempts: { path: 'students/quiz-attempt-list/:id', module: 'student', action: 'read' },
  studentAttemptDetail: { path: 'students/quiz-attempt-detail/:id', module: 'student', action: 'read' },
  studentVerification: { path: 'student-verification', module: 'studentVerification', action: 'read' },
  studentVerificationView: {
    path: 'student-verification/view/:id',
    module: 'studentVerification',
    action: 'read',
  },
  promoCode: { path: 'promo-code', module: 'promoCode', action: 'read' },
  reportQuestions: { path: 'reports/questions', module: 'questionReports', action: 'read' },
  reportPayments: { path: 'reports/payments', module: 'paymentTransactions', action: 'read' },
  reportPaymentFailures: { path: 'reports/payment-failures', module: 'paymentFailure', action: 'read' },
  reportPaymentFailureLogs: {
    path: 'reports/payment-failures/logs/:id',
    module: 'paymentFailure',
    action: 'read',
  },
  reportQuizPerformance: { path: 'reports/quiz-performance', module: 'quizPerformance', action: 'read' },
  codeManagement: { path: 'code-management', module: 'code', action: 'read' },
  configSystem: { path: 'configurations/system', module: 'systemConfigurations', action: 'read' },
  configEmail: { path: 'configurations/email', module: 'emailConfigurations', action: 'read' },
  configPayment: { path: 'configurations/payment', module: 'paymentConfigurations', action: 'read' },
  configContestServices: {
    path: 'configurations/contest-services',
    module: 'paymentConfigurations',
    action: 'read',
  },
  contentFaq: { path: 'content/faq', module: 'faqManagement', action: 'read' },
  contentPages: { path: 'content/pages', module: 'configurations', action: 'read' },
  contentGallery: { path: 'content/photo-gallery', module: 'photoGallery', action: 'read' },
  queues: { path: 'queues', module: 'queues', action: 'read' },
  integrity: { path: 'integrity', module: 'integrity', action: 'read' },
  integrityPlay: { path: 'integrity/play/:id', module: 'integrity', action: 'read' },
  integrityChecks: { path: 'integrity/checks', module: 'integrity', action: 'read' },
  certificates: { path: 'certificates', module: 'certificate', action: 'read' },
} as const satisfies Record<string, Permission & { path: string }>;

export type AdminPageKey = keyof typeof ADMIN_PAGES;
