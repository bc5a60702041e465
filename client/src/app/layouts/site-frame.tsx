import { type ReactNode, Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { type MessageKey, useT } from '../../shared/i18n';
import { ChatWidget } from '../../shared/ui/chat-widget';
import { LoadingBlock } from '../../shared/ui/surface';
import { ScrollToTop } from './scroll-to-top';

/**
 * The student site's frame around a layout: the skip link, the chat widget (after the page's
 * content and before its footer, where it sits on screens too narrow to float it beside the
 * content), scroll restoration.
 */
export function SiteFrame({
  testId,
  children,
  footer,
}: {
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="site" data-testid={testId}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {children}
      <ChatWidget contactHref={paths.contact} />
      {footer}
      <ScrollToTop />
    </div>
  );
}

/** The routed page, with a loading line while its code arrives. */
export function RoutedPage({ loadingLabel }: { loadingLabel: string }) {
  return (
    <Suspense fallback={<LoadingBlock label={loadingLabel} />}>
      <Outlet />
    </Suspense>
  );
}

export interface NavItem {
  href: string;
  label: MessageKey;
}

/** A navigation list; the current page's link is marked by NavLink. */
export function NavLinks({ items }: { items: readonly NavItem[] }) {
  const t = useT();
  return (
    <ul>
      {items.map((item) => (
        <li key={item.href}>
          <NavLink to={item.href} end className="nav-link">
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
