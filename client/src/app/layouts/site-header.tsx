import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../../shared/i18n';
import { useStudentAuth, useSystemFlags } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button';

const NAV = [
  { href: paths.home, label: 'Home' },
  { href: paths.practiceQuizInfo, label: 'Practice quiz' },
  { href: paths.championsBoard, label: 'Champions board' },
  { href: paths.gallery, label: 'Gallery' },
  { href: paths.faq, label: 'FAQ' },
  { href: paths.about, label: 'About' },
  { href: paths.contact, label: 'Contact' },
];

export function Logo({ to = paths.home }: { to?: string }) {
  return (
    <Link to={to} className="logo">
      <span className="logo__mark" aria-hidden="true">
        R
      </span>
      Riyazi
    </Link>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  // Remembers the page the menu was opened on, so it closes by itself after navigating.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const student = useStudentAuth();
  const { flags, status } = useSystemFlags();
  // Until the flags arrive, Sign up keeps its place unseen: appearing later would push the page down.
  const signupPending = status !== 'ready' && !flags.isRegistrationEnabled;

  return (
    <header className="site-header">
      <div className="container">
        <div className="site-header__bar">
          <Logo />
          <nav aria-label="Main" id="site-nav" className={open ? 'site-nav site-nav--open' : 'site-nav'}>
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
          <div className="site-header__actions">
            <LanguageSwitch />
            {student === null ? (
              <>
                {flags.isRegistrationEnabled || signupPending ? (
                  <ButtonLink
                    to={paths.signup}
                    variant="accent"
                    small
                    className={signupPending ? 'is-pending' : undefined}
                  >
                    Sign up
                  </ButtonLink>
                ) : null}
                <ButtonLink to={paths.login} variant="secondary" small>
                  Log in
                </ButtonLink>
              </>
            ) : (
              <ButtonLink to={paths.dashboard} small>
                Dashboard
              </ButtonLink>
            )}
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={open}
              aria-controls="site-nav"
              onClick={() => setOpenAt(open ? null : pathname)}
            >
              <span aria-hidden="true">☰</span>
              <span className="visually-hidden">Menu</span>
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
