export {
  adoptAccountLanguage,
  initLanguage,
  loadStudentMessages,
  onLanguageChosen,
  setLanguage,
  translate,
  useI18nStore,
} from './i18n-store';
export { LanguageSwitch } from './language-switch';
export { browserLanguage, directionOf, isLanguage, LANGUAGES, type Language } from './languages';
export { Ltr } from './ltr';
export { PersonName } from './person-name';
export type { MessageKey, Messages } from './messages/en';
export { type Translate, useLanguage, useT } from './use-t';
