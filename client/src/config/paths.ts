import { ADMIN_PAGES, ADMIN_PREFIX, type AdminPageKey } from '@riyazi/api/contracts';

/** The sponsor page carries the sponsor's name in its path. */
export const SPONSOR_PAGE_PATH = '/riyazi-sponsor';

export const paths = {
  home: '/',
  login: '/login',
  inactive: '/inactive',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  refund: '/refund-policy',
  faq: '/faq',
  about: '/about',
  contact: '/contact',
  sponsor: SPONSOR_PAGE_PATH,
  practiceQuizInfo: '/practice-quiz-info',
  championsBoard: '/champions-board',
  gallery: '/gallery',
  studentVerification: '/student-verification',
  signupSuccess: '/success',
  studentNotVerified: '/student-not-verified',
  dashboard: '/dashboard',
  dashboardPayment: '/dashboard/payment',
  practiceQuiz: '/practice-quiz',
  contestQuiz: '/contest-quiz',
  profile: '/profile',
  profileEdit: '/profile/edit',
  paymentSuccess: '/payment/success',
  paymentFailed: '/payment/failed',
  quiz: '/quiz',
  quizResults: '/quiz-results',
  admin: {
    root: ADMIN_PREFIX,
    login: `${ADMIN_PREFIX}/login`,
    resetPassword: `${ADMIN_PREFIX}/reset-password`,
    scriptAdmin: `${ADMIN_PREFIX}/script-admin`,
  },
} as const;

/** Absolute path of a permission-guarded admin page; params fill `:name` segments. */
export function adminPagePath(key: AdminPageKey, params: Record<string, string> = {}): string {
  const path = ADMIN_PAGES[key].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return `${ADMIN_PREFIX}/${path}`;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isAdminPath(pathname: string): boolean {
  return isUnder(pathname, ADMIN_PREFIX);
}

export function isQuizPath(pathname: string): boolean {
  return isUnder(pathname, paths.quiz) || isUnder(pathname, paths.quizResults);
}

/** Spec §2: the flags fetch is skipped when the app opens on an admin or quiz route. */
export function shouldFetchFlagsOnStart(pathname: string): boolean {
  return !isAdminPath(pathname) && !isQuizPath(pathname);
}
