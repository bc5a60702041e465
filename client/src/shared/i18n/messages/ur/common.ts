import type { common as en } from '../en/common';

export const common: Record<keyof typeof en, string> = {
  'language.label': 'زبان',
  'language.switchTo': 'ریاضی کو {language} میں پڑھیں',
  'logo.home': 'ریاضی کا مرکزی صفحہ',
  'common.error': 'کوئی خرابی پیش آ گئی',
  'common.network': 'ریاضی سے رابطہ نہیں ہو سکا۔ اپنا انٹرنیٹ کنکشن دیکھیں اور دوبارہ کوشش کریں۔',
  'common.sessionExpired': 'آپ کا سیشن ختم ہو گیا۔ براہِ کرم دوبارہ لاگ اِن کریں۔',
};
