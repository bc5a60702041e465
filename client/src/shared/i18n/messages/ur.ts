import type { Messages } from './en';

/** Urdu catalogue: loaded only when a child reads Riyazi in Urdu (its own chunk). */
export const ur: Messages = {
  'language.label': 'زبان',
  'language.switchTo': 'ریاضی کو {language} میں پڑھیں',
  'logo.home': 'ریاضی کا مرکزی صفحہ',
  'common.error': 'کوئی خرابی پیش آ گئی',
  'common.network': 'ریاضی سے رابطہ نہیں ہو سکا۔ اپنا انٹرنیٹ کنکشن دیکھیں اور دوبارہ کوشش کریں۔',
  'common.sessionExpired': 'آپ کا سیشن ختم ہو گیا۔ براہِ کرم دوبارہ لاگ اِن کریں۔',
};
