import { ADMIN_PAGES, ADMIN_PREFIX } from './permissions.js';

/** The sponsor page carries the sponsor's name in its path. */
export const SPONSOR_PAGE_PATH = '/riyazi-sponsor';

/**
 * Every page address of the client (spec §2), by name: the client's router is built from it and
 * the api answers 404 for any other address (`isClientRoute`).
 */
export const CLIENT_PATHS = {
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
  certificate: '/certificates/:code',
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
    /** Open to every signed-in staff member; its tiles follow their permissions. */
    dashboard: `${ADMIN_PREFIX}/dashboard`,
    login: `${ADMIN_PREFIX}/login`,
    resetPassword: `${ADMIN_PREFIX}/reset-password`,
    scriptAdmin: `${ADMIN_PREFIX}/script-admin`,
  },
} as const;

/** Every route of the client as its router writes it (`:name` is one path segment). */
export function clientRoutePatterns(): string[] {
  const { admin, ...student } = CLIENT_PATHS;
  return [
    ...Object.values(student),
    ...Object.values(admin),
    ...Object.values(ADMIN_PAGES).map((page) => `${ADMIN_PREFIX}/${page.path}`),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let routeMatchers: RegExp[] | null = null;

/**
 * Whether the client has a page at this path (no query), matched as React Router matches it:
 * case-insensitively, a trailing slash allowed, `:name` standing for one segment.
 */
export function isClientRoute(pathname: string): boolean {
  routeMatchers ??= clientRoutePatterns().map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
          .join('/')
          .replace(/\/$/, '')}/*$`,
        'i',
      ),
  );
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
