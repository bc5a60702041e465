/** Shared words, errors and the language switch. */
export const common = {
  'language.label': 'Language',
  'language.switchTo': 'Read Riyazi in {language}',
  'logo.home': 'Riyazi home',
  'common.error': 'An error occurred',
  'common.network': 'We could not reach Riyazi. Check your internet connection and try again.',
  'common.sessionExpired': 'Session expired. Please log in again.',
} as const;
