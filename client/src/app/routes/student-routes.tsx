import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';

type PagesModule = Record<string, ComponentType>;

/*
 * Two chunks rather than one per page: with many small lazy chunks sharing code, rolldown moves shared
 * modules out of the entry chunk (rolldown#9963, #10731) and `/` would load extra files.
 */
const loadLightPages = () => import('./student-pages');
const loadFormPages = () => import('./student-form-pages');

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
  { path: paths.login, element: <LoginPage /> },
  { path: paths.inactive, element: <InactivePage /> },
  { path: paths.signup, element: <SignupPage /> },
  { path: paths.signupSuccess, element: <SignupSuccessPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.studentVerification, element: <StudentVerificationPage /> },
  { path: paths.studentNotVerified, element: <NotVerifiedPage /> },
];

/** Built pages of the dashboard layout (behind the student guard). */
export const STUDENT_DASHBOARD_ROUTES: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardHome /> },
  { path: paths.practiceQuiz, element: <PracticeQuizPage /> },
  { path: paths.contestQuiz, element: <ContestQuizPage /> },
  { path: paths.profile, element: <ProfilePage /> },
  { path: paths.profileEdit, element: <ProfileEditPage /> },
  { path: paths.dashboardPayment, element: <PaymentPage /> },
];

/** Student pages outside the dashboard layout (behind the student guard): back from the gateway. */
export const STUDENT_PAYMENT_RESULT_ROUTES: RouteObject[] = [
  { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
  { path: paths.paymentFailed, element: <PaymentFailedPage /> },
];
