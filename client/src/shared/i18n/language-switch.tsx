import { setLanguage, useI18nStore } from './i18n-store';
import { LANGUAGES } from './languages';
import { useT } from './use-t';

/** The other language as one button, written in that language ("اردو" / "English"). */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useI18nStore((state) => state.language);
  const other = LANGUAGES.find((l) => l.code !== current) ?? LANGUAGES[0];
  if (!other) {
    return null;
  }
  return (
    <button
      type="button"
      className={className ?? 'language-switch'}
      lang={other.code}
      dir={other.dir}
      data-testid="language-switch"
      aria-label={t('language.switchTo', { language: other.name })}
      onClick={() => void setLanguage(other.code)}
    >
      {other.name}
    </button>
  );
}
