import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { HomePage } from '../features/home/components/home-page';
import type { StaticPageId } from '../features/static-pages/components/static-content';
import { useT } from '../shared/i18n';
import { LoadingBlock } from '../shared/ui/surface';
import { wantToasts } from '../shared/ui/toasts';
import { RequireStudent } from './guards/require-student';
import { PublicLayout } from './layouts/public-layout';
import { StudentComingSoon, StudentNotFound } from './layouts/student-not-found';
import { RouteError } from './route-error';
import { type ComingSoonPage, PUBLIC_COMING_SOON } from './routes/coming-soon-pages';
import {
  loadLightPages,
  STUDENT_DASHBOARD_ROUTES,
  STUDENT_PAYMENT_RESULT_ROUTES,
  STUDENT_PUBLIC_ROUTES,
  studentPageRoute,
} from './routes/student-routes';

// The back office toasts its errors: its host comes with it.
const AdminRoot = lazy(() => Promise.all([import('./admin/admin-root'), wantToasts()]).then(([m]) => m));
const StaticPage = lazy(() => import('../features/static-pages/components/static-page'));
// The live board (and its socket code) loads only when the flag shows it.
const HomeLeaderboardSection = lazy(() =>
  import('../features/leaderboard/components/home-leaderboard').then((m) => ({
    default: m.HomeLeaderboardSection,
  })),
);
const ChampionsBoardPage = lazy(() =>
  import('../features/leaderboard/components/champions-board-page').then((m) => ({
    default: m.ChampionsBoardPage,
  })),
);
const FaqPage = lazy(() => import('../features/faq/components/faq-page'));
const CertificateVerifyPage = lazy(
  () => import('../features/certificates/components/certificate-verify-page'),
);
const GalleryPage = lazy(() => import('../features/gallery/components/gallery-page'));
const loadQuizPages = () => import('./routes/quiz-pages');
const QuizPage = lazy(() => loadQuizPages().then((m) => ({ default: m.QuizPage })));
const QuizResultsPage = lazy(() => loadQuizPages().then((m) => ({ default: m.QuizResultsPage })));

function PageLoading() {
  const t = useT();
  return <LoadingBlock label={t('common.loading')} />;
}

const STATIC_ROUTES: [string, StaticPageId][] = [
  [paths.terms, 'terms'],
  [paths.privacy, 'privacy'],
  [paths.refund, 'refund'],
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
    // While a first page's loader fetches its chunk and texts.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            element: (
              <HomePage leaderboard={(emptyNote) => <HomeLeaderboardSection emptyNote={emptyNote} />} />
            ),
          },
          ...STATIC_ROUTES.map(([path, page]) => ({ path, element: <StaticPage page={page} /> })),
          ...STUDENT_PUBLIC_ROUTES,
          { path: paths.faq, element: <FaqPage /> },
          { path: paths.gallery, element: <GalleryPage /> },
          { path: paths.certificate, element: <CertificateVerifyPage /> },
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
            lazy: async () => ({ Component: (await loadLightPages()).DashboardLayout }),
            children: STUDENT_DASHBOARD_ROUTES,
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await loadQuizPages()).QuizLayout }),
        ...studentPageRoute(loadQuizPages),
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
