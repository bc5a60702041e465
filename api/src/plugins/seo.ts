import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_PREFIX } from '../contracts/permissions.js';

export interface SeoOptions {
  publicUrl: string;
}

/** Pages anyone may open and search engines may list (the client's public layout, spec §2). */
export const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/about',
  '/faq',
  '/contact',
  '/practice-quiz-info',
  '/champions-board',
  '/gallery',
  '/riyazi-sponsor',
  '/terms-and-conditions',
  '/privacy-policy',
  '/refund-policy',
] as const;

/** A child's own pages, one-time links and the back office: nothing there for a search engine. */
export const PRIVATE_PREFIXES = [
  '/api/',
  '/socket.io/',
  '/uploads/',
  `${ADMIN_PREFIX}`,
  '/dashboard',
  '/profile',
  '/practice-quiz',
  '/contest-quiz',
  '/quiz',
  '/payment/',
  '/reset-password',
  '/forgot-password',
  '/student-verification',
  '/student-not-verified',
  '/success',
  '/inactive',
] as const;

export function robotsTxt(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const allows = PUBLIC_PAGES.filter((page) => PRIVATE_PREFIXES.some((prefix) => page.startsWith(prefix)));
  return [
    'User-agent: *',
    // A longer Allow wins over a shorter Disallow (e.g. /practice-quiz-info under /practice-quiz).
    ...allows.map((page) => `Allow: ${page}`),
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${origin}${page}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `/robots.txt` and `/sitemap.xml` for search engines, built once from PUBLIC_URL. */
async function seoPlugin(app: FastifyInstance, { publicUrl }: SeoOptions) {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const cacheControl = 'public, max-age=3600';
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(sitemap),
  );
}

export default fp(seoPlugin, { name: 'seo' });
