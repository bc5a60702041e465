import { useCallback } from 'react';
import { format, useI18nStore } from './i18n-store';
import type { Language } from './languages';
import type { MessageKey } from './messages/en';

export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** `t(key, params)` in the language the child reads; re-renders when it changes. */
export function useT(): Translate {
  const messages = useI18nStore((state) => state.messages);
  return useCallback((key, params) => format(messages[key], params, key), [messages]);
}

export function useLanguage(): Language {
  return useI18nStore((state) => state.language);
}
