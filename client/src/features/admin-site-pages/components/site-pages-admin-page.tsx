import type { SitePageKey } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/admin-list';
import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { formatDateTime } from '../../../shared/format/date-time';
import { HttpError } from '../../../shared/http/http-error';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Button, SubmitButton } from '../../../shared/ui/button';
import { SelectField, TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import {
  type AdminSitePage,
  previewSitePage,
  useAdminSitePages,
  usePublishSitePage,
} from '../api/site-pages-admin-api';
import './site-pages-admin.css';

const PAGE_LABELS: Record<SitePageKey, string> = {
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  refund: 'Refund policy',
  about: 'About',
  contact: 'Contact',
  sponsor: 'Sponsor page',
  practiceQuizInfo: 'Practice quiz info',
};

function PageEditor({ page, canPublish }: { page: AdminSitePage; canPublish: boolean }) {
  const latest = page.latest;
  const [title, setTitle] = useState(latest?.title ?? PAGE_LABELS[page.key]);
  const [body, setBody] = useState(latest?.body ?? '');
  const [preview, setPreview] = useState<{ title: string; body: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const publish = usePublishSitePage();
  const problems = publish.error instanceof HttpError ? publish.error.fieldErrors : {};
  const publicPath = paths[page.key];

  const onPreview = () => {
    setPreviewError(null);
    previewSitePage(page.key, { title, body }).then(setPreview, (error: unknown) =>
      setPreviewError(error instanceof Error ? error.message : 'The preview could not be made'),
    );
  };
  const onPublish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    publish.mutate({ key: page.key, title, body }, { onSuccess: () => setPreview(null) });
  };

  return (
    <div className="site-pages-admin__grid">
      <Card>
        <form className="stack" onSubmit={onPublish} noValidate>
          <p className="muted">
            {latest
              ? `Version ${latest.version} is live, published ${formatDateTime(latest.publishedAt)}. Publishing saves a new version; the old ones stay readable.`
              : 'Not published yet: the public page shows a placeholder.'}
          </p>
          <TextField
            label="Title"
            name="title"
            maxLength={120}
            value={title}
            error={problems.title}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="site-page-title"
          />
          <RichTextEditor
            label="Text"
            initialHtml={latest?.body ?? ''}
            onChange={setBody}
            error={problems.body}
            hint="Bold, italic and lists; a bold line serves as a heading."
            testId="site-page-body"
          />
          {publish.isError && !problems.title && !problems.body ? (
            <Alert tone="error">
              <p>{publish.error.message}</p>
            </Alert>
          ) : null}
          <div className="site-pages-admin__actions">
            <Button variant="secondary" onClick={onPreview} data-testid="site-page-preview">
              Preview
            </Button>
            {canPublish ? (
              <SubmitButton
                pending={publish.isPending}
                pendingLabel="Publishing…"
                data-testid="site-page-publish"
              >
                Publish new version
              </SubmitButton>
            ) : null}
          </div>
        </form>
      </Card>
      <div className="stack">
        {previewError ? <Alert tone="error">{previewError}</Alert> : null}
        {preview ? (
          <Card data-testid="site-page-preview-view" aria-label="Preview">
            <h2>{preview.title}</h2>
            <RichTextView html={preview.body} />
          </Card>
        ) : null}
        <Card>
          <h2>Version history</h2>
          {latest ? (
            <ol className="site-pages-admin__history" data-testid="site-page-history">
              {latest.versions.map((v) => (
                <li key={v.version}>
                  <a
                    href={v.version === latest.version ? publicPath : `${publicPath}?version=${v.version}`}
                    target="_blank"
                    rel="noopener"
                  >
                    Version {v.version}
                  </a>{' '}
                  <span className="muted">
                    “{v.title}”, {formatDateTime(v.publishedAt)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted" data-testid="site-page-history">
              No versions yet.
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}

/** Staff edit the site pages (terms, privacy, …): each publish is a new version. */
export function SitePagesAdminPage() {
  const can = useCan('configurations');
  const pages = useAdminSitePages();
  const [key, setKey] = useState<SitePageKey>('terms');
  if (can === null) {
    return null;
  }
  const page = pages.data?.find((p) => p.key === key);
  return (
    <div className="stack">
      <PageHeading title="Site pages">
        Terms, privacy and the other public pages. A child signing up accepts the terms and privacy versions
        published at that moment.
      </PageHeading>
      <SelectField
        label="Page"
        name="page"
        value={key}
        onChange={(event) => setKey(event.target.value as SitePageKey)}
        data-testid="site-page-pick"
      >
        {Object.entries(PAGE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {pages.isPending ? <LoadingBlock label="Loading the pages…" /> : null}
      {pages.isError ? (
        <Alert tone="error">
          <p>{pages.error.message}</p>
        </Alert>
      ) : null}
      {page ? (
        <PageEditor key={`${page.key}:${page.latest?.version ?? 0}`} page={page} canPublish={can('update')} />
      ) : null}
    </div>
  );
}
