import { z } from 'zod';
import { SITE_PAGE_KEYS, SITE_PAGE_LIMITS } from '../../contracts/site-pages.js';

export const keyParams = z.object({
  key: z.enum(SITE_PAGE_KEYS, { message: 'must name a site page' }),
});

export const versionParams = keyParams.extend({
  version: z.coerce
    .number({ message: 'must be a version number' })
    .int('must be a version number')
    .min(1, 'must be a version number')
    .max(1_000_000, 'must be a version number'),
});

export const pageBody = z.object({
  title: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SITE_PAGE_LIMITS.titleMax, `must be at most ${SITE_PAGE_LIMITS.titleMax} characters`),
  body: z
    .string({ message: 'is required' })
    .max(SITE_PAGE_LIMITS.bodyMax, `must be at most ${SITE_PAGE_LIMITS.bodyMax} characters`),
});

const summary = z.object({ version: z.number(), title: z.string(), publishedAt: z.string() });
const page = summary.extend({
  key: z.enum(SITE_PAGE_KEYS),
  body: z.string(),
  versions: z.array(summary),
});

export const pageResponse = z.object({ data: page });
export const adminPagesResponse = z.object({
  data: z.array(z.object({ key: z.enum(SITE_PAGE_KEYS), latest: page.nullable() })),
});
export const previewResponse = z.object({ data: z.object({ title: z.string(), body: z.string() }) });
