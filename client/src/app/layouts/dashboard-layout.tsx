import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { StudentLogoutButton } from '../../features/student-auth/components/student-logout-button';
import { LanguageSwitch, type MessageKey, useT } from '../../shared/i18n';
import { useStudentAuth } from '../../shared/session/use-session';
import { ChatWidget } from '../../shared/ui/chat-widget';
import { LoadingBlock } from '../../shared/ui/surface';
import { ScrollToTop } from './scroll-to-top';
import { Logo } from './site-header';
import './layouts.css';

const NAV: { href: string; label: MessageKey }[] = [
  { href: paths.dashboard, label: 'common.dashboard' },
  { href: paths.practiceQuiz, label: 'dashboard.nav.practice' },
  { href: paths.contestQuiz, label: 'dashboard.nav.contest' },
  { href: paths.dashboardPayment, label: 'dashboard.nav.payment' },
  { href: paths.profile, label: 'dashboard.nav.profile' },
];

export function DashboardLayout() {
  const t = useT();
  const student = useStudentAuth();
  return (
    <div className="site" data-testid="dashboard-layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container">
          <div className="site-header__bar">
            <Logo to={paths.dashboard} />
            <div className="site-header__actions">
              <LanguageSwitch />
              {student ? <span className="muted">{student.username}</span> : null}
              <StudentLogoutButton />
            </div>
          </div>
        </div>
      </header>
      <div className="site__main">
        <div className="container dash">
          <nav className="dash-nav" aria-label={t('dashboard.nav.label')}>
            <ul>
              {NAV.map((item) => (
                <li key={item.href}>
                  <NavLink to={item.href} end className="nav-link">
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main">
            <Suspense fallback={<LoadingBlock label={t('common.loading')} />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
      <ChatWidget contactHref={paths.contact} />
      <ScrollToTop />
    </div>
  );
}
