import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { type MessageKey, useT } from '../../shared/i18n';

const LINKS: { href: string; label: MessageKey }[] = [
  { href: paths.terms, label: 'site.footer.terms' },
  { href: paths.privacy, label: 'site.footer.privacy' },
  { href: paths.refund, label: 'site.footer.refund' },
  { href: paths.faq, label: 'site.nav.faq' },
  { href: paths.about, label: 'site.nav.about' },
  { href: paths.contact, label: 'site.nav.contact' },
  { href: paths.sponsor, label: 'site.footer.sponsor' },
];

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('site.nav.footer')}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t('site.footer.about')}</p>
      </div>
    </footer>
  );
}
