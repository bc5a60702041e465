import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { STATIC_PAGES, type StaticPageId } from './static-content';

export function StaticPage({ page }: { page: StaticPageId }) {
  const content = STATIC_PAGES[page];
  return (
    <article className="stack">
      <PageHeading title={content.title} />
      <Card>
        {content.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Card>
    </article>
  );
}

export default StaticPage;
