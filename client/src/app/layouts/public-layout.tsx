import { useT } from '../../shared/i18n';
import { SiteFooter } from './site-footer';
import { RoutedPage, SiteFrame } from './site-frame';
import { SiteHeader } from './site-header';
import './layouts.css';

export function PublicLayout() {
  const t = useT();
  return (
    <SiteFrame testId="public-layout" footer={<SiteFooter />}>
      <SiteHeader />
      <main id="main" className="site__main">
        <div className="container">
          <RoutedPage loadingLabel={t('common.loading')} />
        </div>
      </main>
    </SiteFrame>
  );
}
