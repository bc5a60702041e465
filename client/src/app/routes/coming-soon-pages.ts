import { paths } from '../../config/paths';

export interface ComingSoonPage {
  path: string;
  title: string;
  about: string;
}

/** Public pages whose features come in later issues. */
export const PUBLIC_COMING_SOON: ComingSoonPage[] = [
  { path: paths.login, title: 'Student log in', about: 'Students will log in here to take quizzes.' },
  { path: paths.signup, title: 'Sign up', about: 'New students will create their Riyazi account here.' },
  {
    path: paths.inactive,
    title: 'Account inactive',
    about: 'Shown when a student account has been switched off.',
  },
  {
    path: paths.forgotPassword,
    title: 'Forgot password',
    about: 'Students will ask for a password reset link here.',
  },
  { path: paths.resetPassword, title: 'Reset password', about: 'Students will choose a new password here.' },
  {
    path: paths.championsBoard,
    title: 'Champions board',
    about: 'The best students of each grade and phase.',
  },
  { path: paths.gallery, title: 'Photo gallery', about: 'Photos from Riyazi events.' },
  {
    path: paths.studentVerification,
    title: 'Student verification',
    about: 'Students will upload a school ID card or B-form here.',
  },
  {
    path: paths.signupSuccess,
    title: 'Sign-up complete',
    about: 'Confirms a new account and the next steps.',
  },
  {
    path: paths.studentNotVerified,
    title: 'Student not verified',
    about: 'Explains what to do when a student’s document is not verified yet.',
  },
];

/** Student private pages inside the dashboard layout. */
export const DASHBOARD_COMING_SOON: ComingSoonPage[] = [
  { path: paths.dashboard, title: 'Dashboard', about: 'Your quizzes, attempts and results at a glance.' },
  { path: paths.dashboardPayment, title: 'Payment', about: 'Pay for contest attempts or enter a code.' },
  { path: paths.practiceQuiz, title: 'Practice quiz', about: 'Choose and start a practice quiz.' },
  {
    path: paths.contestQuiz,
    title: 'Contest quiz',
    about: 'Start your contest attempts for the current phase.',
  },
  { path: paths.profile, title: 'Profile', about: 'Your details, grade and school.' },
  { path: paths.profileEdit, title: 'Edit profile', about: 'Complete or update your profile.' },
];

/** Student private pages outside the dashboard layout. */
export const PAYMENT_RESULT_COMING_SOON: ComingSoonPage[] = [
  {
    path: paths.paymentSuccess,
    title: 'Payment successful',
    about: 'Confirms a payment for contest attempts.',
  },
  {
    path: paths.paymentFailed,
    title: 'Payment failed',
    about: 'Explains a failed payment and how to try again.',
  },
];
