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

/** The notice's sentences; English unless a student page passes its language's. */
export interface ComingSoonTexts {
  notYet: string;
  soon: string;
}

const ENGLISH_COMING_SOON: ComingSoonTexts = {
  notYet: 'This page is not available yet.',
  soon: 'We are working on it. Please check back soon.',
};

interface ComingSoonProps {
  title: string;
  texts?: ComingSoonTexts;
  /** One honest sentence about what the page will do. */
  about?: string;
  backTo?: { href: string; label: string };
}

/** The body of every page whose feature is planned but not built yet. */
export function ComingSoon({ title, about, backTo, texts = ENGLISH_COMING_SOON }: ComingSoonProps) {
  return (
    <div className="stack" data-testid="coming-soon">
      <PageHeading title={title} />
      <Card>
        <div className="notice">
          <span className="notice__icon" aria-hidden="true">
            <ClockIcon />
          </span>
          <p>
            <strong>{texts.notYet}</strong>
          </p>
          {about ? <p className="muted">{about}</p> : null}
          <p className="muted">{texts.soon}</p>
          {backTo ? <Link to={backTo.href}>{backTo.label}</Link> : null}
        </div>
      </Card>
    </div>
  );
}

export interface NotFoundTexts {
  title: string;
  text: string;
}

const ENGLISH_NOT_FOUND: NotFoundTexts = {
  title: 'Page not found',
  text: 'The page you are looking for does not exist or has moved.',
};

export function NotFound({
  homeHref,
  homeLabel,
  texts = ENGLISH_NOT_FOUND,
}: {
  homeHref: string;
  homeLabel: string;
  texts?: NotFoundTexts;
}) {
  useDocumentTitle(texts.title);
  return (
    <div className="stack" data-testid="not-found">
      <Card>
        <div className="notice">
          <span className="notice__icon" aria-hidden="true">
            ?
          </span>
          <h1>{texts.title}</h1>
          <p className="muted">{texts.text}</p>
          <Link to={homeHref}>{homeLabel}</Link>
        </div>
      </Card>
    </div>
  );
}
