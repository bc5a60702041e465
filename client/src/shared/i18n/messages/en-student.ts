/** The English areas of the student pages (log in, sign up, account, dashboard, payment, quiz): a chunk of their own. */
import { account } from './en/account';
import { auth } from './en/auth';
import { dashboard } from './en/dashboard';
import { payment } from './en/payment';
import { quiz } from './en/quiz';

export const enStudent = { ...auth, ...account, ...dashboard, ...payment, ...quiz } as const;
