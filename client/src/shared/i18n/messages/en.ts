/**
 * Every student-facing text in English: the catalogue's keys, one file per area (en/<area>.ts).
 * Urdu (ur/<area>.ts) must have every key (the compiler checks). `{name}` marks a value filled in
 * at run time. Admin screens stay English and do not use the catalogue.
 */
import { enCore } from './en-core';
import { enStudent } from './en-student';

/** The whole English catalogue (the type of every key); the app loads it in two parts, see i18n-store.ts. */
export const en = { ...enCore, ...enStudent } as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
