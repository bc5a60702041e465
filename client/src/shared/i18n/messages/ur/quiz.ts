import type { quiz as en } from '../en/quiz';

export const quiz: Record<keyof typeof en, string> = {};
