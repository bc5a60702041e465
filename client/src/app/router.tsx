import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { HomePage } from '../features/home/components/home-page';
import type { StaticPageId } from '../features/static-pages/components/static-content';
import { LoadingBlock } from '../shared/ui/surface';
import { RequireStudent } from './guards/require-student';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { StudentComingSoon, StudentNotFound } from './layouts/student-not-found';
import { QuizLayout } from './layouts/quiz-layout';
import { RouteError } from './route-error';
import { type ComingSoonPage, PUBLIC_COMING_SOON } from './routes/coming-soon-pages';
import {
  STUDENT_DASHBOARD_ROUTES,
  STUDENT_PAYMENT_RESULT_ROUTES,
  STUDENT_PUBLIC_ROUTES,
} from './routes/student-routes';

const AdminRoot = lazy(() => import('./admin/admin-root'));
const StaticPage = lazy(() => import('../features/static-pages/components/static-page'));
const ChampionsBoardPage = lazy(() =>
  import('../features/leaderboard/components/champions-board-page').then((m) => ({
    default: m.ChampionsBoardPage,
  })),
);
const QuizPage = lazy(() =>
  import('../features/quiz/components/quiz-page').then((m) => ({ default: m.QuizPage })),
);
const QuizResultsPage = lazy(() =>
  import('../features/quiz/components/quiz-page').then((m) => ({ default: m.QuizResultsPage })),
);

const STATIC_ROUTES: [string, StaticPageId][] = [
  [paths.terms, 'terms'],
  [paths.privacy, 'privacy'],
  [paths.refund, 'refund'],
  [paths.faq, 'faq'],
  [paths.about, 'about'],
  [paths.contact, 'contact'],
  [paths.sponsor, 'sponsor'],
  [paths.practiceQuizInfo, 'practiceQuizInfo'],
];

const comingSoonRoute = (page: ComingSoonPage): RouteObject => ({
  path: page.path,
  element: <StudentComingSoon title={page.title} about={page.about} />,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          ...STATIC_ROUTES.map(([path, page]) => ({ path, element: <StaticPage page={page} /> })),
          ...STUDENT_PUBLIC_ROUTES,
          { path: paths.championsBoard, element: <ChampionsBoardPage /> },
          ...PUBLIC_COMING_SOON.map(comingSoonRoute),
          { element: <RequireStudent />, children: STUDENT_PAYMENT_RESULT_ROUTES },
          { path: '*', element: <StudentNotFound /> },
        ],
      },
      {
        element: <RequireStudent />,
        children: [
          {
            element: <DashboardLayout />,
            children: STUDENT_DASHBOARD_ROUTES,
          },
        ],
      },
      {
        element: <QuizLayout />,
        children: [
          { path: paths.quiz, element: <QuizPage /> },
          { path: paths.quizResults, element: <QuizResultsPage /> },
        ],
      },
      {
        path: `${paths.admin.root}/*`,
        element: (
          <Suspense fallback={<LoadingBlock />}>
            <AdminRoot />
          </Suspense>
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
