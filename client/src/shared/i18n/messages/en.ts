/**
 * Every student-facing text in English: the catalogue's keys. Urdu (ur.ts) must have every key
 * (the compiler checks). `{name}` marks a value filled in at run time. Admin screens stay English
 * and do not use the catalogue.
 */
export const en = {
  'language.label': 'Language',
  'language.switchTo': 'Read Riyazi in {language}',
  'logo.home': 'Riyazi home',
  'common.error': 'An error occurred',
  'common.network': 'We could not reach Riyazi. Check your internet connection and try again.',
  'common.sessionExpired': 'Session expired. Please log in again.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
