import { create } from 'zustand';
import { browserLanguage, directionOf, isLanguage, type Language } from './languages';
import type { MessageKey, Messages } from './messages/en';
import { enCore } from './messages/en-core';

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

/**
 * English comes in two parts: the areas every page may show (in the entry chunk) and the student
 * pages' areas (their own chunk), which the routes that show them load first with
 * `loadStudentMessages()` (see app/router.tsx), so a page never renders a key it has not loaded.
 */
let studentPagesShown = false;
let enStudent: Promise<Messages> | null = null;

function loadEnglishStudentAreas(): Promise<Messages> {
  enStudent ??= import('./messages/en-student').then(
    ({ enStudent: areas }) => ({ ...enCore, ...areas }) satisfies Messages,
  );
  enStudent.catch(() => {
    enStudent = null;
  });
  return enStudent;
}

/** The English of the areas loaded so far: the student areas once a student page was asked for. */
function english(): Promise<Messages> {
  // The entry's areas only: no page that needs more is shown before loadStudentMessages().
  return studentPagesShown ? loadEnglishStudentAreas() : Promise.resolve(enCore as unknown as Messages);
}

/** Urdu comes in its own chunk (every area), with its Nastaliq font, only for those who read it. */
async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'en') {
    return english();
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

export const useI18nStore = create<I18nState>(() => ({
  language: 'en',
  chosen: false,
  messages: enCore as unknown as Messages,
}));

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

let languageReady: Promise<void> = Promise.resolve();

/** Before the first render: the remembered language, or the browser's. */
export function initLanguage(): Promise<void> {
  const stored = readStored();
  useI18nStore.setState({ chosen: stored.chosen });
  languageReady = setLanguage(stored.language, stored.chosen).catch(() => {
    // The Urdu chunk did not load (offline on first visit): English until the next try.
    applyToDocument('en');
  });
  return languageReady;
}

/**
 * Before a student page renders (a route loader): the English of the student areas, when English is
 * read. Urdu already holds every area; the English part loads if the child switches to it.
 */
export async function loadStudentMessages(): Promise<void> {
  studentPagesShown = true;
  await languageReady;
  if (useI18nStore.getState().language !== 'en') {
    return;
  }
  const messages = await loadEnglishStudentAreas();
  if (useI18nStore.getState().language === 'en') {
    useI18nStore.setState({ messages });
  }
}

/** An account's saved language applies on a device where the child has not picked one. */
export function adoptAccountLanguage(language: unknown): void {
  const state = useI18nStore.getState();
  if (isLanguage(language) && !state.chosen && language !== state.language) {
    void setLanguage(language, false).catch(() => {});
  }
}

/**
 * Fills `{name}` placeholders. A text whose area has not loaded (a bug: routes load their areas
 * first) shows its key rather than breaking the page.
 */
export function format(
  template: string | undefined,
  params?: Readonly<Record<string, string | number>>,
  key = '',
): string {
  if (template === undefined) {
    return key;
  }
  if (!params) {
    return template;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The text of `key` in the current language, for code outside components (toasts at call sites). */
export function translate(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return format(useI18nStore.getState().messages[key], params, key);
}
