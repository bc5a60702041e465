import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { formatDay } from '../../../shared/format/date-time';
import { HttpError } from '../../../shared/http/http-error';
import { useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { fetchSitePage, type SitePageVersion, sitePageKeys } from '../site-pages-api';
import { ContactForm } from './contact-form';
import { STATIC_PAGES, STATIC_VALUES, type StaticPageId } from './static-content';
import './static-page.css';

function wantedVersion(raw: string | null): number | null {
  const version = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(version) && version >= 1 ? version : null;
}

/** The placeholder shown until staff publish the page's first version. */
function Placeholder({ page }: { page: StaticPageId }) {
  const t = useT();
  const content = STATIC_PAGES[page];
  return (
    <>
      <PageHeading title={t(content.title)} />
      <Card>
        {content.paragraphs.map((paragraph) => (
          <p key={paragraph}>{t(paragraph, STATIC_VALUES)}</p>
        ))}
      </Card>
    </>
  );
}

function Published({ page, shown }: { page: StaticPageId; shown: SitePageVersion }) {
  const t = useT();
  const { pathname } = useLocation();
  const latest = shown.versions[0]?.version ?? shown.version;
  const others = shown.versions.filter((v) => v.version !== shown.version);
  // The page's name in the reader's language; staff's own title too when it says more.
  const heading = t(STATIC_PAGES[page].title);
  return (
    <>
      <PageHeading title={heading}>
        <span data-testid="site-page-version">
          {t('site.page.version', { version: shown.version, date: formatDay(shown.publishedAt) })}
        </span>
      </PageHeading>
      {shown.version !== latest ? (
        <Alert tone="info">
          <p>
            {t('site.page.old')} <Link to={pathname}>{t('site.page.readLatest')}</Link>
          </p>
        </Alert>
      ) : null}
      {/* Staff write in one language: the text keeps its own direction inside an Urdu page. */}
      <Card dir="auto">
        {shown.title === heading ? null : <h2>{shown.title}</h2>}
        <RichTextView html={shown.body} className="site-page__body" />
      </Card>
      {page === 'contact' ? <ContactForm /> : null}
      {others.length > 0 ? (
        <nav
          className="site-page__versions"
          aria-label={t('site.page.versions')}
          data-testid="site-page-versions"
        >
          <h2>{t('site.page.versions')}</h2>
          <ul>
            {others.map((v) => (
              <li key={v.version}>
                <Link to={v.version === latest ? pathname : `${pathname}?version=${v.version}`}>
                  {t('site.page.version', { version: v.version, date: formatDay(v.publishedAt) })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

/** A staff-edited site page: the published version (or an older one by ?version=N). */
export function StaticPage({ page }: { page: StaticPageId }) {
  const t = useT();
  const [search] = useSearchParams();
  const version = wantedVersion(search.get('version'));
  const query = useQuery({
    queryKey: sitePageKeys.page(page, version),
    queryFn: ({ signal }) => fetchSitePage(page, version, signal),
    retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2,
  });
  const unpublished = query.error instanceof HttpError && query.error.status === 404 && version === null;
  return (
    <article className="stack site-page" data-testid="site-page">
      {query.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {query.data ? <Published page={page} shown={query.data} /> : null}
      {unpublished ? <Placeholder page={page} /> : null}
      {unpublished && page === 'contact' ? <ContactForm /> : null}
      {query.isError && !unpublished ? (
        <Alert tone="error">
          <p>{t('site.page.error')}</p>
          <Button small variant="secondary" onClick={() => void query.refetch()}>
            {t('site.faq.retry')}
          </Button>
        </Alert>
      ) : null}
    </article>
  );
}

export default StaticPage;
