import type { auth as en } from '../en/auth';

export const auth: Record<keyof typeof en, string> = {};
