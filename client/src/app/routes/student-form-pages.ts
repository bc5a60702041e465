// Student pages that validate with the shared accounts contract (zod): one chunk, loaded only for them.
export { ProfileEditPage } from '../../features/student-account/components/profile-edit-page';
export { ProfilePage } from '../../features/student-account/components/profile-page';
export { SignupPage } from '../../features/student-account/components/signup-page';
export { ForgotPasswordPage } from '../../features/student-auth/components/forgot-password-page';
export { ResetPasswordPage } from '../../features/student-auth/components/reset-password-page';
