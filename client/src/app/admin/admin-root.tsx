import { ADMIN_PAGES, type AdminPageKey } from '@riyazi/api/contracts';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CodeManagementPage } from '../../features/admin-access-codes/components/code-management-page';
import { AdminLoginPage } from '../../features/admin-auth/components/admin-login-page';
import { AdminResetPasswordPage } from '../../features/admin-auth/components/admin-reset-password-page';
import { PublicBoardsPanel } from '../../features/admin-boards/components/public-boards-panel';
import { PublicDisplaySection } from '../../features/admin-boards/components/public-display-section';
import { BulkUploadListPage } from '../../features/admin-bulk-upload/components/bulk-upload-list-page';
import { BulkUploadNewPage } from '../../features/admin-bulk-upload/components/bulk-upload-new-page';
import { SystemConfigPage } from '../../features/admin-config/components/system-config-page';
import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page';
import { EmailConfigPage } from '../../features/admin-email/components/email-config-page';
import { FaqAdminPage } from '../../features/admin-faq/components/faq-admin-page';
import { IntegrityChecksPage } from '../../features/admin-integrity/components/integrity-checks-page';
import { IntegrityPlayPage } from '../../features/admin-integrity/components/integrity-play-page';
import { IntegrityQueuePage } from '../../features/admin-integrity/components/integrity-queue-page';
import { GalleryAdminPage } from '../../features/admin-gallery/components/gallery-admin-page';
import { ContestServicesPage } from '../../features/admin-payment/components/contest-services-page';
import { PaymentConfigPage } from '../../features/admin-payment/components/payment-config-page';
import { PaymentFailuresPage } from '../../features/admin-payment-reports/components/payment-failures-page';
import { PaymentLogTrailPage } from '../../features/admin-payment-reports/components/payment-log-trail-page';
import { PaymentsReportPage } from '../../features/admin-payment-reports/components/payments-report-page';
import { PromoCodesPage } from '../../features/admin-promo-codes/components/promo-codes-page';
import { QuestionImportPage } from '../../features/admin-question-import/components/question-import-page';
import { QuestionFormPage } from '../../features/admin-questions/components/question-form-page';
import { QuestionViewPage } from '../../features/admin-questions/components/question-view-page';
import { QuestionsListPage } from '../../features/admin-questions/components/questions-list-page';
import { QueuesPage } from '../../features/admin-queues/components/queues-page';
import { QuizFormPage } from '../../features/admin-quizzes/components/quiz-form-page';
import { QuizzesListPage } from '../../features/admin-quizzes/components/quizzes-list-page';
import {
  CategoriesPage,
  GradesPage,
  PhasesPage,
  SubCategoriesPage,
} from '../../features/admin-reference/components/reference-pages';
import { QuestionReportPage } from '../../features/admin-reports/components/question-report-page';
import { QuizPerformancePage } from '../../features/admin-reports/components/quiz-performance-page';
import { ScriptAdminPage } from '../../features/admin-script-admin/components/script-admin-page';
import { SitePagesAdminPage } from '../../features/admin-site-pages/components/site-pages-admin-page';
import { StaffUsersPage } from '../../features/admin-staff/components/staff-users-page';
import { QuizAttemptDetailPage } from '../../features/admin-student-details/components/quiz-attempt-detail-page';
import { QuizAttemptListPage } from '../../features/admin-student-details/components/quiz-attempt-list-page';
import { StudentViewPage } from '../../features/admin-student-details/components/student-view-page';
import { VerificationListPage } from '../../features/admin-verification/components/verification-list-page';
import { VerificationViewPage } from '../../features/admin-verification/components/verification-view-page';
import { PhaseWinnersPanel } from '../../features/admin-winners/components/phase-winners-panel';
import { ComingSoon, NotFound } from '../../shared/ui/page';
import { AdminLayout } from './admin-layout';
import { ADMIN_PAGE_TITLES } from './admin-page-titles';
import { RequirePermission, RequireSuperAdmin } from './require-permission';
import { StudentsPage } from './students-page';

// Pages are part of the admin chunk, so a page's queries start in the same render as the layout's.
const BUILT_PAGES: Partial<Record<AdminPageKey, () => ReactNode>> = {
  configSystem: () => (
    <div className="stack">
      <SystemConfigPage />
      <PublicDisplaySection />
    </div>
  ),
  staffUsers: () => <StaffUsersPage />,
  promoCode: () => <PromoCodesPage />,
  contentFaq: () => <FaqAdminPage />,
  contentPages: () => <SitePagesAdminPage />,
  contentGallery: () => <GalleryAdminPage />,
  codeManagement: () => <CodeManagementPage />,
  studentVerification: () => <VerificationListPage />,
  studentVerificationView: () => <VerificationViewPage />,
  studentView: () => <StudentViewPage />,
  studentAttempts: () => <QuizAttemptListPage />,
  studentAttemptDetail: () => <QuizAttemptDetailPage />,
  configEmail: () => <EmailConfigPage />,
  configPayment: () => <PaymentConfigPage />,
  configContestServices: () => <ContestServicesPage />,
  grade: () => <GradesPage />,
  phase: () => (
    <div className="stack">
      <PhasesPage />
      <PhaseWinnersPanel />
      <PublicBoardsPanel />
    </div>
  ),
  category: () => <CategoriesPage />,
  subcategory: () => <SubCategoriesPage />,
  questions: () => <QuestionsListPage />,
  reportQuestions: () => <QuestionReportPage />,
  reportQuizPerformance: () => <QuizPerformancePage />,
  reportPayments: () => <PaymentsReportPage />,
  reportPaymentFailures: () => <PaymentFailuresPage />,
  reportPaymentFailureLogs: () => <PaymentLogTrailPage />,
  questionView: () => <QuestionViewPage />,
  questionImport: () => <QuestionImportPage />,
  questionNew: () => <QuestionFormPage />,
  questionEdit: () => <QuestionFormPage />,
  quiz: () => <QuizzesListPage />,
  quizNew: () => <QuizFormPage />,
  quizEdit: () => <QuizFormPage />,
  students: () => <StudentsPage />,
  bulkUpload: () => <BulkUploadListPage />,
  bulkUploadNew: () => <BulkUploadNewPage />,
  queues: () => <QueuesPage />,
  integrity: () => <IntegrityQueuePage />,
  integrityPlay: () => <IntegrityPlayPage />,
  integrityChecks: () => <IntegrityChecksPage />,
};

const ADMIN_ROOT = paths.admin.root;
const relative = (absolute: string) => absolute.slice(ADMIN_ROOT.length + 1);

/** The whole back office: loaded as its own chunk, only on /admin-a1b2c3 routes. */
export default function AdminRoot() {
  const pages = Object.entries(ADMIN_PAGES) as [AdminPageKey, (typeof ADMIN_PAGES)[AdminPageKey]][];
  return (
    <Routes>
      <Route path={relative(paths.admin.login)} element={<AdminLoginPage />} />
      <Route path={relative(paths.admin.resetPassword)} element={<AdminResetPasswordPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to={paths.admin.dashboard} replace />} />
        <Route path={relative(paths.admin.dashboard)} element={<AdminDashboardPage />} />
        {pages.map(([key, page]) => {
          const title = ADMIN_PAGE_TITLES[key];
          const build = BUILT_PAGES[key];
          return (
            <Route
              key={key}
              path={page.path}
              element={
                <RequirePermission page={key} title={title}>
                  {build ? build() : <ComingSoon title={title} />}
                </RequirePermission>
              }
            />
          );
        })}
        <Route
          path={relative(paths.admin.scriptAdmin)}
          element={
            <RequireSuperAdmin title="Script admin">
              <ScriptAdminPage />
            </RequireSuperAdmin>
          }
        />
        <Route path="*" element={<NotFound homeHref={ADMIN_ROOT} homeLabel="Go to the back office home" />} />
      </Route>
    </Routes>
  );
}
