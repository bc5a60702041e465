import { common } from './ur/common';
import { site } from './ur/site';
import { auth } from './ur/auth';
import { account } from './ur/account';
import { dashboard } from './ur/dashboard';
import { payment } from './ur/payment';
import { leaderboard } from './ur/leaderboard';
import { quiz } from './ur/quiz';
import { app } from './ur/app';
import type { Messages } from './en';

/** Urdu catalogue: loaded only when a child reads Riyazi in Urdu (its own chunk). */
export const ur: Messages = {
  ...common,
  ...site,
  ...auth,
  ...account,
  ...dashboard,
  ...payment,
  ...leaderboard,
  ...quiz,
  ...app,
};
