import { paths } from '../../config/paths';
import { type MessageKey, useT } from '../../shared/i18n';
import { ComingSoon, NotFound } from '../../shared/ui/page';
import { comingSoonTexts, notFoundTexts } from '../../shared/ui/student-texts';

/** The public site's 404, in the child's language. */
export function StudentNotFound() {
  const t = useT();
  return <NotFound homeHref={paths.home} homeLabel={t('common.goHome')} texts={notFoundTexts(t)} />;
}

/** A public page planned for a later issue, in the child's language. */
export function StudentComingSoon({ title, about }: { title: MessageKey; about: MessageKey }) {
  const t = useT();
  return <ComingSoon title={t(title)} about={t(about)} texts={comingSoonTexts(t)} />;
}
