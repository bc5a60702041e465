import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LanguageSwitch, useT } from '../../shared/i18n';
import { useStudentAuth, useSystemFlags } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button';
import { type NavItem, NavLinks } from './site-frame';

const NAV: NavItem[] = [
  { href: paths.home, label: 'site.nav.home' },
  { href: paths.practiceQuizInfo, label: 'site.nav.practiceQuiz' },
  { href: paths.championsBoard, label: 'site.nav.championsBoard' },
  { href: paths.gallery, label: 'site.nav.gallery' },
  { href: paths.faq, label: 'site.nav.faq' },
  { href: paths.about, label: 'site.nav.about' },
  { href: paths.contact, label: 'site.nav.contact' },
];

/** The name as it reads (Riyazi / ریاضی) is the link's whole accessible name: the mark is decoration. */
export function Logo({ to = paths.home }: { to?: string }) {
  const t = useT();
  return (
    <Link to={to} className="logo">
      <span className="logo__mark" aria-hidden="true">
        R
      </span>
      {t('site.logo')}
    </Link>
  );
}

export function SiteHeader() {
  const t = useT();
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
          <nav
            aria-label={t('site.nav.main')}
            id="site-nav"
            className={open ? 'site-nav site-nav--open' : 'site-nav'}
          >
            <NavLinks items={NAV} />
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
                    {t('common.signUp')}
                  </ButtonLink>
                ) : null}
                <ButtonLink to={paths.login} variant="secondary" small>
                  {t('common.logIn')}
                </ButtonLink>
              </>
            ) : (
              <ButtonLink to={paths.dashboard} small>
                {t('common.dashboard')}
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
              <span className="visually-hidden">{t('common.menu')}</span>
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
