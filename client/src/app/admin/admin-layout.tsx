import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useStaffProfileSync } from '../../features/admin-auth/api/use-staff-profile';
import { AdminLogoutButton } from '../../features/admin-auth/components/admin-logout-button';
import { UnsavedChangesBoundary } from '../../shared/forms/unsaved-changes-guard';
import { useSessionRestore } from '../../shared/session/restore-session';
import { useAdminAuth, useSessionHydrated } from '../../shared/session/use-session';
import { LoadingBlock } from '../../shared/ui/surface';
import { AdminMenuNav } from './admin-menu-nav';
import './admin-layout.css';
import '../layouts/layouts.css';

/** Every signed-in back-office page; signed out goes to the admin login with the return path. */
export function AdminLayout() {
  const hydrated = useSessionHydrated();
  const auth = useAdminAuth();
  const location = useLocation();
  // The menu remembers the page it was opened on, so it closes by itself after navigating.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);
  const menuToggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) {
      return;
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenAt(null);
        menuToggle.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  useStaffProfileSync(hydrated && auth !== null);
  const restoring = useSessionRestore('admin', hydrated && auth === null);

  if (!hydrated || restoring) {
    return <LoadingBlock />;
  }
  if (auth === null) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.admin.login} replace state={{ from }} />;
  }

  return (
    <div className="admin" data-testid="admin-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-topbar">
        <button
          ref={menuToggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to={paths.admin.root} className="admin-topbar__brand">
          <span className="logo__mark" aria-hidden="true">
            R
          </span>
          Riyazi Admin
        </Link>
        <div className="admin-topbar__user">
          <span className="admin-topbar__who">
            {auth.username}
            <small>{auth.isSuperAdmin ? 'Super Admin' : auth.role}</small>
          </span>
          <AdminLogoutButton />
        </div>
      </header>
      <div className="admin-body">
        <aside
          id="admin-sidebar"
          className={menuOpen ? 'admin-sidebar admin-sidebar--open' : 'admin-sidebar'}
        >
          <AdminMenuNav access={auth} />
        </aside>
        {menuOpen ? (
          <button
            type="button"
            className="admin-backdrop"
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          />
        ) : null}
        <main className="admin-main" id="main">
          <UnsavedChangesBoundary>
            <Suspense fallback={<LoadingBlock />}>
              <Outlet />
            </Suspense>
          </UnsavedChangesBoundary>
        </main>
      </div>
    </div>
  );
}
