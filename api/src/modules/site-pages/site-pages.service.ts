import type { Db } from '@riyazi/db';
import {
  type AdminSitePage,
  SITE_PAGE_KEYS,
  type SitePageInput,
  type SitePageKey,
  type SitePageVersion,
} from '../../contracts/site-pages.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import type { Executor } from '../../lib/db.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { plainTextPreview, sanitizeRichText } from '../../lib/rich-text.js';
import * as repo from './site-pages.repository.js';

export async function findPage(db: Executor, key: SitePageKey, version: number | null = null) {
  const row = await repo.findVersion(db, key, version);
  if (!row) {
    return null;
  }
  const versions = await repo.listVersions(db, key);
  return {
    key,
    version: row.version,
    title: row.title,
    body: row.bodyHtml,
    publishedAt: row.publishedAt.toISOString(),
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      publishedAt: v.publishedAt.toISOString(),
    })),
  } satisfies SitePageVersion;
}

export async function publicPage(db: Db, key: SitePageKey, version: number | null): Promise<SitePageVersion> {
  const page = await findPage(db, key, version);
  if (!page) {
    throw notFound(version === null ? 'This page has not been published yet' : 'This version does not exist');
  }
  return page;
}

export async function adminPages(db: Db): Promise<AdminSitePage[]> {
  return Promise.all(SITE_PAGE_KEYS.map(async (key) => ({ key, latest: await findPage(db, key) })));
}

/** The version numbers a child accepts at sign-up: the terms and privacy policy published now. */
export async function currentPolicyVersions(db: Executor) {
  const latest = await repo.latestVersionNumbers(db, ['terms', 'privacy']);
  return { termsVersion: latest.get('terms') ?? null, privacyVersion: latest.get('privacy') ?? null };
}

function cleanBody(html: string): string {
  const clean = sanitizeRichText(html).trim();
  if (plainTextPreview(clean) === '' && !/<img|class="math-/.test(clean)) {
    throw fieldError('body', 'is required');
  }
  return clean;
}

/** Sanitised preview of what publishing would show, without saving. */
export const previewBody = (input: SitePageInput) => ({ title: input.title, body: cleanBody(input.body) });

export async function publish(db: Db, actor: Actor, key: SitePageKey, input: SitePageInput) {
  const bodyHtml = cleanBody(input.body);
  await db.transaction().execute(async (trx) => {
    await repo.lockPage(trx, key);
    const latest = await repo.findVersion(trx, key, null);
    const version = (latest?.version ?? 0) + 1;
    const created = await repo.insertVersion(trx, {
      pageKey: key,
      version,
      title: input.title,
      bodyHtml,
      publishedBy: actor.id,
    });
    await audit(trx, actor, 'sitePage.publish', 'sitePageVersion', created.id, {
      page: key,
      version,
      title: input.title,
    });
  });
  const page = await findPage(db, key);
  if (!page) {
    throw notFound();
  }
  return page;
}
