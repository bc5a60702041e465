import type { Translate } from '../i18n';
import type { RecaptchaTexts } from '../recaptcha/recaptcha-widget';
import type { ComboboxTexts } from './combobox';
import type { ComingSoonTexts, NotFoundTexts } from './page';
import type { PasswordFieldTexts } from './password-field';

/*
 * Shared widgets speak English by default (the admin stays English); student pages pass these,
 * in the child's language.
 */

export const passwordTexts = (t: Translate): PasswordFieldTexts => ({
  show: t('common.password.show'),
  hide: t('common.password.hide'),
  password: t('common.password.word'),
});

export const cityComboboxTexts = (t: Translate): ComboboxTexts => ({
  showList: t('common.combobox.showList'),
  noMatch: (query) => t('common.combobox.noMatch', { query }),
  matches: (count) => (count === 1 ? t('common.combobox.matchOne') : t('common.combobox.matches', { count })),
});

export const recaptchaTexts = (t: Translate): RecaptchaTexts => ({
  label: t('common.recaptcha.label'),
  loading: t('common.recaptcha.loading'),
  failed: t('common.recaptcha.failed'),
  tryAgain: t('common.tryAgain'),
});

export const notFoundTexts = (t: Translate): NotFoundTexts => ({
  title: t('common.notFound.title'),
  text: t('common.notFound.text'),
});

export const comingSoonTexts = (t: Translate): ComingSoonTexts => ({
  notYet: t('common.comingSoon.notYet'),
  soon: t('common.comingSoon.soon'),
});
