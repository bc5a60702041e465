import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n';
import { Card } from '../../../shared/ui/surface';
import './student-auth.css';

export type NoticeTone = 'info' | 'success' | 'error';

const ICONS: Record<NoticeTone, string> = { info: 'i', success: '✓', error: '!' };

interface AuthCardProps {
  title: string;
  /** A round icon above the title, for pages that report an outcome. */
  icon?: NoticeTone;
  children: ReactNode;
  testId?: string;
}

/** The narrow card every student auth page sits in. */
export function AuthCard({ title, icon, children, testId }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-page" data-testid={testId}>
      <Card className="stack">
        {icon ? (
          <span
            className={icon === 'info' ? 'notice__icon' : `notice__icon notice__icon--${icon}`}
            aria-hidden="true"
          >
            {ICONS[icon]}
          </span>
        ) : null}
        <h1>{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/** The link back to the login page, under an auth page's form. */
export function BackToLogin() {
  const t = useT();
  return (
    <div className="auth-page__links">
      <Link to={paths.login}>{t('common.backToLogin')}</Link>
    </div>
  );
}
