/**
 * Every student-facing text in English: the catalogue's keys, one file per area (en/<area>.ts).
 * Urdu (ur/<area>.ts) must have every key (the compiler checks). `{name}` marks a value filled in
 * at run time. Admin screens stay English and do not use the catalogue.
 */
import { common } from './en/common';
import { site } from './en/site';
import { auth } from './en/auth';
import { account } from './en/account';
import { dashboard } from './en/dashboard';
import { payment } from './en/payment';
import { leaderboard } from './en/leaderboard';
import { quiz } from './en/quiz';
import { app } from './en/app';

export const en = {
  ...common,
  ...site,
  ...auth,
  ...account,
  ...dashboard,
  ...payment,
  ...leaderboard,
  ...quiz,
  ...app,
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
