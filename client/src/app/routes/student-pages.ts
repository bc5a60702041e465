// Light student pages: no form validation, so no zod. One chunk with student-form-pages.ts (see student-routes.tsx).
export { SignupSuccessPage } from '../../features/student-account/components/signup-success-page';
export { InactivePage } from '../../features/student-auth/components/inactive-page';
export { LoginPage } from '../../features/student-auth/components/login-page';
export { NotVerifiedPage } from '../../features/student-auth/components/not-verified-page';
export { StudentVerificationPage } from '../../features/student-auth/components/student-verification-page';
export { DashboardHome } from '../../features/student-dashboard/components/dashboard-home';
export {
  ContestQuizPage,
  PracticeQuizPage,
} from '../../features/student-dashboard/components/quiz-list-pages';
export { PaymentPage } from '../../features/student-payment/components/payment-page';
export {
  PaymentFailedPage,
  PaymentSuccessPage,
} from '../../features/student-payment/components/payment-result-pages';
// The dashboard's layout comes with its pages, not in the entry chunk that `/` loads.
export { DashboardLayout } from '../layouts/dashboard-layout';
