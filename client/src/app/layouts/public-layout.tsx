import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../shared/i18n';
import { ChatWidget } from '../../shared/ui/chat-widget';
import { LoadingBlock } from '../../shared/ui/surface';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layouts.css';

export function PublicLayout() {
  const t = useT();
  return (
    <div className="site" data-testid="public-layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site__main">
        <div className="container">
          <Suspense fallback={<LoadingBlock label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <SiteFooter />
      <ChatWidget contactHref={paths.contact} />
      <ScrollToTop />
    </div>
  );
}
