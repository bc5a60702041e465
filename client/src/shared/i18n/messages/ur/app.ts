import type { app as en } from '../en/app';

export const app: Record<keyof typeof en, string> = {
  'app.update.ready': 'ریاضی کا نیا ورژن تیار ہے۔',
  'app.update.reload': 'نیا ورژن کھولیں',
  'app.update.later': 'بعد میں',
};
