/**
 * The English areas every page may show (header, footer, home, static pages, boards): in the entry
 * chunk. The student pages' areas are in en-student.ts, loaded with those pages (see i18n-store.ts).
 */
import { app } from './en/app';
import { common } from './en/common';
import { leaderboard } from './en/leaderboard';
import { site } from './en/site';

export const enCore = { ...common, ...site, ...leaderboard, ...app } as const;
