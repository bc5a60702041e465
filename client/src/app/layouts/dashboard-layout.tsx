import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { StudentLogoutButton } from '../../features/student-auth/components/student-logout-button';
import { useStudentAuth } from '../../shared/session/use-session';
import { ChatWidget } from '../../shared/ui/chat-widget';
import { LoadingBlock } from '../../shared/ui/surface';
import { ScrollToTop } from './scroll-to-top';
import { Logo } from './site-header';
import './layouts.css';

const NAV = [
  { href: paths.dashboard, label: 'Dashboard' },
  { href: paths.practiceQuiz, label: 'Practice quiz' },
  { href: paths.contestQuiz, label: 'Contest quiz' },
  { href: paths.dashboardPayment, label: 'Payment' },
  { href: paths.profile, label: 'Profile' },
];

export function DashboardLayout() {
  const student = useStudentAuth();
  return (
    <div className="site" data-testid="dashboard-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container">
          <div className="site-header__bar">
            <Logo to={paths.dashboard} />
            <div className="site-header__actions">
              {student ? <span className="muted">{student.username}</span> : null}
              <StudentLogoutButton />
            </div>
          </div>
        </div>
      </header>
      <div className="site__main">
        <div className="container dash">
          <nav className="dash-nav" aria-label="Student">
            <ul>
              {NAV.map((item) => (
                <li key={item.href}>
                  <NavLink to={item.href} end className="nav-link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main">
            <Suspense fallback={<LoadingBlock />}>
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
