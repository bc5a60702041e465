import type { dashboard as en } from '../en/dashboard';

export const dashboard: Record<keyof typeof en, string> = {};
