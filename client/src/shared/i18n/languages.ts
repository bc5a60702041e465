export type Language = 'en' | 'ur';

export const LANGUAGES: readonly { code: Language; name: string; dir: 'ltr' | 'rtl' }[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ur', name: 'اردو', dir: 'rtl' },
];

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ur';

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ur' ? 'rtl' : 'ltr');

/** The browser's first preference we speak: Urdu for ur-*, English otherwise. */
export function browserLanguage(preferences: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of preferences) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ur') {
      return 'ur';
    }
    if (base === 'en') {
      return 'en';
    }
  }
  return 'en';
}
