import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { textOfHtml } from '../../../shared/format/html-text';
import { useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { faqKeys, fetchFaq } from '../faq-api';
import { filterFaq, type SearchableEntry, searchable } from '../faq-search';
import './faq-page.css';

/** Opens the answer the address names (#slug) and brings it into view. */
function useOpenLinkedAnswer(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) {
      return;
    }
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!(target instanceof HTMLDetailsElement)) {
      return;
    }
    target.open = true;
    target.scrollIntoView({ block: 'start' });
    target.querySelector('summary')?.focus({ preventScroll: true });
  }, [ready, hash]);
}

function FaqItem({ entry }: { entry: SearchableEntry }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copyLink = () => {
    const url = `${window.location.origin}${window.location.pathname}#${entry.slug}`;
    navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <details id={entry.slug} className="faq-item" data-testid="faq-item">
      {/* Staff write the content in either language: it keeps its own direction inside the page's. */}
      <summary className="faq-item__question" dir="auto">
        {entry.question}
      </summary>
      <div className="faq-item__answer">
        <div dir="auto">
          <RichTextView html={entry.answer} className="faq-item__text" />
        </div>
        <p className="faq-item__link-row">
          <a href={`#${entry.slug}`} className="faq-item__link" onClick={copyLink} data-testid="faq-link">
            {t('site.faq.link')}
          </a>
          <span role="status" className="faq-item__copied">
            {copied ? t('site.faq.copied') : ''}
          </span>
        </p>
      </div>
    </details>
  );
}

/** The public FAQ: published answers in their groups, a search over questions and answers, a link to each answer. */
export function FaqPage() {
  const t = useT();
  const faq = useQuery({ queryKey: faqKeys.public, queryFn: ({ signal }) => fetchFaq(signal) });
  const [search, setSearch] = useState('');
  const all = useMemo(() => searchable(faq.data ?? [], textOfHtml), [faq.data]);
  const shown = useMemo(() => filterFaq(all, search), [all, search]);
  const found = shown.reduce((n, group) => n + group.entries.length, 0);
  useOpenLinkedAnswer(faq.data !== undefined);

  return (
    <article className="stack faq-page" data-testid="faq-page">
      <PageHeading title={t('site.static.faq.title')}>{t('site.faq.intro')}</PageHeading>
      {faq.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {faq.isError ? (
        <Alert tone="error">
          <p>{t('site.faq.error')}</p>
          <Button small variant="secondary" onClick={() => void faq.refetch()}>
            {t('site.faq.retry')}
          </Button>
        </Alert>
      ) : null}
      {faq.data?.length === 0 ? <p className="muted">{t('site.faq.empty')}</p> : null}
      {all.length > 0 ? (
        <search className="faq-search" aria-label={t('site.faq.search')}>
          <TextField
            label={t('site.faq.search')}
            type="search"
            placeholder={t('site.faq.searchHint')}
            value={search}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
            data-testid="faq-search"
          />
          <p className="muted faq-search__count" role="status">
            {search.trim() === '' ? '' : t('site.faq.found', { count: found })}
          </p>
        </search>
      ) : null}
      {all.length > 0 && found === 0 ? (
        <Alert tone="info" data-testid="faq-empty">
          <p>{t('site.faq.noMatch', { query: search.trim() })}</p>
          <Button small variant="secondary" onClick={() => setSearch('')}>
            {t('site.faq.clear')}
          </Button>
        </Alert>
      ) : null}
      {shown.map((group) => (
        <Card key={group._id} className="faq-group" aria-labelledby={`faq-group-${group._id}`}>
          <h2 id={`faq-group-${group._id}`} className="faq-group__title" dir="auto">
            {group.title}
          </h2>
          {group.entries.map((entry) => (
            <FaqItem key={entry._id} entry={entry} />
          ))}
        </Card>
      ))}
    </article>
  );
}

export default FaqPage;
