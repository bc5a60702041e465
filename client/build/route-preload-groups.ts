import type { RoutePreloadGroup } from './route-preload-plugin.ts';

// Literal paths: the config cannot import src/config/paths.ts (it imports the api's contracts);
// route-preload-groups.test.ts holds them to that file.
const LIGHT_PAGES = 'src/app/routes/student-pages.ts';
const FORM_PAGES = 'src/app/routes/student-form-pages.ts';
const QUIZ_PAGES = 'src/app/routes/quiz-pages.ts';
const STUDENT_TEXTS = 'src/shared/i18n/messages/en-student.ts';

/** What a student page's route loader fetches before it renders (see src/app/routes/student-routes.tsx). */
export const ROUTE_PRELOADS: RoutePreloadGroup[] = [
  {
    modules: [LIGHT_PAGES, STUDENT_TEXTS],
    paths: [
      '/login',
      '/inactive',
      '/success',
      '/student-verification',
      '/student-not-verified',
      '/dashboard',
      '/dashboard/payment',
      '/practice-quiz',
      '/contest-quiz',
      '/payment/success',
      '/payment/failed',
    ],
  },
  { modules: [FORM_PAGES, STUDENT_TEXTS], paths: ['/signup', '/forgot-password', '/reset-password'] },
  // The dashboard's layout comes with the light pages.
  { modules: [LIGHT_PAGES, FORM_PAGES, STUDENT_TEXTS], paths: ['/profile', '/profile/edit'] },
  { modules: [QUIZ_PAGES, STUDENT_TEXTS], paths: ['/quiz', '/quiz-results'] },
];
