import { paths } from '../../config/paths';
import { StudentLogoutButton } from '../../features/student-auth/components/student-logout-button';
import { LanguageSwitch, useT } from '../../shared/i18n';
import { useStudentAuth } from '../../shared/session/use-session';
import { type NavItem, NavLinks, RoutedPage, SiteFrame } from './site-frame';
import { Logo } from './site-header';
import './layouts.css';

const NAV: NavItem[] = [
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
    <SiteFrame testId="dashboard-layout">
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
            <NavLinks items={NAV} />
          </nav>
          <main id="main">
            <RoutedPage loadingLabel={t('common.loading')} />
          </main>
        </div>
      </div>
    </SiteFrame>
  );
}
