import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Card } from './surface';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {children ? <div className="muted">{children}</div> : null}
    </header>
  );
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface ComingSoonProps {
  title: string;
  /** One honest sentence about what the page will do. */
  about?: string;
  backTo?: { href: string; label: string };
}

/** The body of every page whose feature is planned but not built yet. */
export function ComingSoon({ title, about, backTo }: ComingSoonProps) {
  return (
    <div className="stack" data-testid="coming-soon">
      <PageHeading title={title} />
      <Card>
        <div className="notice">
          <span className="notice__icon" aria-hidden="true">
            <ClockIcon />
          </span>
          <p>
            <strong>This page is not available yet.</strong>
          </p>
          {about ? <p className="muted">{about}</p> : null}
          <p className="muted">We are working on it. Please check back soon.</p>
          {backTo ? <Link to={backTo.href}>{backTo.label}</Link> : null}
        </div>
      </Card>
    </div>
  );
}

export function NotFound({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  useDocumentTitle('Page not found');
  return (
    <div className="stack" data-testid="not-found">
      <Card>
        <div className="notice">
          <span className="notice__icon" aria-hidden="true">
            ?
          </span>
          <h1>Page not found</h1>
          <p className="muted">The page you are looking for does not exist or has moved.</p>
          <Link to={homeHref}>{homeLabel}</Link>
        </div>
      </Card>
    </div>
  );
}
