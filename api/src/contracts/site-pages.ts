/** Staff-edited, versioned site pages (shared by api and client; no zod here). */

export const SITE_PAGE_KEYS = [
  'terms',
  'privacy',
  'refund',
  'about',
  'contact',
  'sponsor',
  'practiceQuizInfo',
] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];

export const SITE_PAGE_LIMITS = { titleMax: 120, bodyMax: 100_000 } as const;

export const isSitePageKey = (value: string): value is SitePageKey =>
  (SITE_PAGE_KEYS as readonly string[]).includes(value);

export interface SitePageVersionSummary {
  version: number;
  title: string;
  publishedAt: string;
}

export interface SitePageVersion extends SitePageVersionSummary {
  key: SitePageKey;
  /** Sanitised rich text. */
  body: string;
  /** Every published version, newest first. */
  versions: SitePageVersionSummary[];
}

export interface SitePageInput {
  title: string;
  body: string;
}

/** A page as the admin list shows it: its latest version, or null before the first. */
export interface AdminSitePage {
  key: SitePageKey;
  latest: SitePageVersion | null;
}
