import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

const LINKS = [
  { href: paths.terms, label: 'Terms and conditions' },
  { href: paths.privacy, label: 'Privacy policy' },
  { href: paths.refund, label: 'Refund policy' },
  { href: paths.faq, label: 'FAQ' },
  { href: paths.about, label: 'About' },
  { href: paths.contact, label: 'Contact' },
  { href: paths.sponsor, label: 'Our sponsor' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="Footer">
          <ul>
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>Riyazi — a maths quiz and contest for students of grades 2 to 9 in Pakistan.</p>
      </div>
    </footer>
  );
}
