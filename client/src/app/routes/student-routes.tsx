import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import { loadStudentMessages } from '../../shared/i18n';
import { wantToasts } from '../../shared/ui/toasts';

type PagesModule = Record<string, ComponentType>;

/*
 * Two chunks rather than one per page: with many small lazy chunks sharing code, rolldown moves shared
 * modules out of the entry chunk (rolldown#9963, #10731) and `/` would load extra files.
 */
export const loadLightPages = () => import('./student-pages');
const loadFormPages = () => import('./student-form-pages');

/**
 * A student page's route loader: its chunk and the English of the student areas, fetched in parallel
 * before the page renders (no chunk waits for the other, and no page shows a key it has not loaded).
 * Nothing to reload when only the search changes (the quiz moves through its questions that way).
 */
export function studentPageRoute(
  load: () => Promise<unknown>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: async () => {
      // The toasts' host is not needed to paint the page: it loads beside it, not before it.
      void wantToasts().catch(() => {});
      await Promise.all([load(), loadStudentMessages()]);
      return null;
    },
    shouldRevalidate: () => false,
  };
}
const light = studentPageRoute(loadLightPages);
const forms = studentPageRoute(loadFormPages);

function lazyPage<M extends PagesModule>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyPage(loadLightPages, 'LoginPage');
const InactivePage = lazyPage(loadLightPages, 'InactivePage');
const StudentVerificationPage = lazyPage(loadLightPages, 'StudentVerificationPage');
const NotVerifiedPage = lazyPage(loadLightPages, 'NotVerifiedPage');
const SignupSuccessPage = lazyPage(loadLightPages, 'SignupSuccessPage');
const DashboardHome = lazyPage(loadLightPages, 'DashboardHome');
const PracticeQuizPage = lazyPage(loadLightPages, 'PracticeQuizPage');
const ContestQuizPage = lazyPage(loadLightPages, 'ContestQuizPage');
const PaymentPage = lazyPage(loadLightPages, 'PaymentPage');
const PaymentSuccessPage = lazyPage(loadLightPages, 'PaymentSuccessPage');
const PaymentFailedPage = lazyPage(loadLightPages, 'PaymentFailedPage');
const SignupPage = lazyPage(loadFormPages, 'SignupPage');
const ForgotPasswordPage = lazyPage(loadFormPages, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(loadFormPages, 'ResetPasswordPage');
const ProfilePage = lazyPage(loadFormPages, 'ProfilePage');
const ProfileEditPage = lazyPage(loadFormPages, 'ProfileEditPage');

/** Public student pages (public layout): log in, sign up, e-mail and password links. */
export const STUDENT_PUBLIC_ROUTES: RouteObject[] = [
  { path: paths.login, element: <LoginPage />, ...light },
  { path: paths.inactive, element: <InactivePage />, ...light },
  { path: paths.signup, element: <SignupPage />, ...forms },
  { path: paths.signupSuccess, element: <SignupSuccessPage />, ...light },
  { path: paths.forgotPassword, element: <ForgotPasswordPage />, ...forms },
  { path: paths.resetPassword, element: <ResetPasswordPage />, ...forms },
  { path: paths.studentVerification, element: <StudentVerificationPage />, ...light },
  { path: paths.studentNotVerified, element: <NotVerifiedPage />, ...light },
];

/** Built pages of the dashboard layout (behind the student guard). */
export const STUDENT_DASHBOARD_ROUTES: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardHome />, ...light },
  { path: paths.practiceQuiz, element: <PracticeQuizPage />, ...light },
  { path: paths.contestQuiz, element: <ContestQuizPage />, ...light },
  { path: paths.profile, element: <ProfilePage />, ...forms },
  { path: paths.profileEdit, element: <ProfileEditPage />, ...forms },
  { path: paths.dashboardPayment, element: <PaymentPage />, ...light },
];

/** Student pages outside the dashboard layout (behind the student guard): back from the gateway. */
export const STUDENT_PAYMENT_RESULT_ROUTES: RouteObject[] = [
  { path: paths.paymentSuccess, element: <PaymentSuccessPage />, ...light },
  { path: paths.paymentFailed, element: <PaymentFailedPage />, ...light },
];
