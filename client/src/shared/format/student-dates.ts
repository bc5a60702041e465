import type { Language } from '../i18n';

/*
 * Dates a child reads, in Pakistan time: English as '1 September 2024', Urdu with Urdu month names
 * and Western digits ('1 ستمبر 2024'), read right to left like the sentence around it.
 */
const LOCALES: Record<Language, string> = { en: 'en-GB', ur: 'ur-PK-u-nu-latn' };

export function formatStudentDate(
  value: string | Date,
  language: Language,
  month: 'long' | 'short' = 'long',
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  return date.toLocaleDateString(LOCALES[language], {
    day: 'numeric',
    // Urdu has no short month names: the full name reads better.
    month: language === 'ur' ? 'long' : month,
    year: 'numeric',
    timeZone: 'Asia/Karachi',
  });
}

/** A time of day a child reads, in Pakistan time ('10:00'), 24-hour in both languages. */
export function formatStudentTime(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  return date.toLocaleTimeString(LOCALES[language], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Karachi',
  });
}
