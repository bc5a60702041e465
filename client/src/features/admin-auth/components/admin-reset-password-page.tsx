import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { AdminAuthShell } from './admin-auth-shell';

export function AdminResetPasswordPage() {
  useDocumentTitle('Reset password');
  return (
    <AdminAuthShell>
      <div className="stack" data-testid="coming-soon">
        <h1>Reset password</h1>
        <p>
          <strong>This page is not available yet.</strong>
        </p>
        <p className="muted">Please ask a Super Admin to reset your password for now.</p>
        <Link to={paths.admin.login}>Back to sign in</Link>
      </div>
    </AdminAuthShell>
  );
}
