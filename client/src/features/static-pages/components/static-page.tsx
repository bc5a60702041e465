import { useT } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { STATIC_PAGES, STATIC_VALUES, type StaticPageId } from './static-content';

export function StaticPage({ page }: { page: StaticPageId }) {
  const t = useT();
  const content = STATIC_PAGES[page];
  return (
    <article className="stack">
      <PageHeading title={t(content.title)} />
      <Card>
        {content.paragraphs.map((paragraph) => (
          <p key={paragraph}>{t(paragraph, STATIC_VALUES)}</p>
        ))}
      </Card>
    </article>
  );
}

export default StaticPage;
