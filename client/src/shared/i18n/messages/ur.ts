import type { Messages } from './en';
import { account } from './ur/account';
import { app } from './ur/app';
import { auth } from './ur/auth';
import { common } from './ur/common';
import { dashboard } from './ur/dashboard';
import { leaderboard } from './ur/leaderboard';
import { payment } from './ur/payment';
import { quiz } from './ur/quiz';
import { site } from './ur/site';

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
