import type { AdminPageKey } from '@riyazi/api/contracts';
import type { ReactNode } from 'react';
import { canOpenAdminPage } from '../../config/admin-menu';
import { useAdminAuth } from '../../shared/session/use-session';
import { PageHeading } from '../../shared/ui/page';
import { Alert } from '../../shared/ui/surface';

function NoPermission({ title }: { title: string }) {
  return (
    <div className="stack" data-testid="no-permission">
      <PageHeading title={title} />
      <Alert tone="error">You do not have permission to open this page.</Alert>
    </div>
  );
}

/** Inside the admin layout (so the user is signed in): checks the page's module and action. */
export function RequirePermission({
  page,
  title,
  children,
}: {
  page: AdminPageKey;
  title: string;
  children: ReactNode;
}) {
  const auth = useAdminAuth();
  if (auth === null || !canOpenAdminPage(auth, page)) {
    return <NoPermission title={title} />;
  }
  return children;
}

export function RequireSuperAdmin({ title, children }: { title: string; children: ReactNode }) {
  const auth = useAdminAuth();
  if (auth?.isSuperAdmin !== true) {
    return <NoPermission title={title} />;
  }
  return children;
}
