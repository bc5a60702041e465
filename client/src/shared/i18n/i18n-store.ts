import { create } from 'zustand';
import { browserLanguage, directionOf, isLanguage, type Language } from './languages';
import { en, type MessageKey, type Messages } from './messages/en';

const STORAGE_KEY = 'riyazi:language';

interface Stored {
  language: Language;
  /** The child picked it (rather than the browser's default): an account's language does not override it. */
  chosen: boolean;
}

function readStored(): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    if (raw && isLanguage(raw.language)) {
      return { language: raw.language, chosen: raw.chosen === true };
    }
  } catch {
    // unreadable: fall back to the browser's language
  }
  return { language: browserLanguage(), chosen: false };
}

/** Urdu comes in its own chunk, with its Nastaliq font, only for those who read it. */
async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'en') {
    return en;
  }
  const [{ ur }] = await Promise.all([
    import('./messages/ur'),
    import('@fontsource/noto-nastaliq-urdu/arabic-400.css'),
    import('@fontsource/noto-nastaliq-urdu/arabic-700.css'),
  ]);
  return ur;
}

interface I18nState {
  language: Language;
  chosen: boolean;
  messages: Messages;
}

export const useI18nStore = create<I18nState>(() => ({ language: 'en', chosen: false, messages: en }));

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

type LanguageListener = (language: Language) => void;
const chosenListeners = new Set<LanguageListener>();

/** Told each time the child picks a language (not when the browser's or an account's is applied). */
export function onLanguageChosen(listener: LanguageListener): () => void {
  chosenListeners.add(listener);
  return () => {
    chosenListeners.delete(listener);
  };
}

/**
 * Switches the interface language (its catalogue loaded first, so nothing shows half-translated).
 * `chosen`: the child picked it; remembered on this device.
 */
export async function setLanguage(language: Language, chosen = true): Promise<void> {
  const messages = await loadMessages(language);
  if (chosen) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language, chosen } satisfies Stored));
  }
  applyToDocument(language);
  useI18nStore.setState((state) => ({ language, messages, chosen: chosen || state.chosen }));
  if (chosen) {
    for (const listener of chosenListeners) {
      listener(language);
    }
  }
}

/** Before the first render: the remembered language, or the browser's. */
export async function initLanguage(): Promise<void> {
  const stored = readStored();
  useI18nStore.setState({ chosen: stored.chosen });
  try {
    await setLanguage(stored.language, stored.chosen);
  } catch {
    // The Urdu chunk did not load (offline on first visit): English until the next try.
    applyToDocument('en');
  }
}

/** An account's saved language applies on a device where the child has not picked one. */
export function adoptAccountLanguage(language: unknown): void {
  const state = useI18nStore.getState();
  if (isLanguage(language) && !state.chosen && language !== state.language) {
    void setLanguage(language, false).catch(() => {});
  }
}

/** Fills `{name}` placeholders. */
export function format(template: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) {
    return template;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The text of `key` in the current language, for code outside components (toasts at call sites). */
export function translate(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return format(useI18nStore.getState().messages[key], params);
}
