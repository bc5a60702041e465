import type { SitePageKey, SitePageVersion } from '@riyazi/api/contracts';
import { publicHttp } from '../../shared/http/clients';

export type { SitePageKey, SitePageVersion };

export const sitePageKeys = {
  page: (key: SitePageKey, version: number | null) => ['public', 'site-page', key, version] as const,
  contactConfig: ['public', 'contact-config'] as const,
};

/** The latest published version, or the one asked for (old versions stay readable). */
export async function fetchSitePage(
  key: SitePageKey,
  version: number | null,
  signal?: AbortSignal,
): Promise<SitePageVersion> {
  const path = version === null ? `/pages/${key}` : `/pages/${key}/versions/${version}`;
  return (await publicHttp.get<{ data: SitePageVersion }>(path, { signal })).data;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  recaptchaToken?: string;
}

export async function sendContactMessage(input: ContactInput): Promise<string> {
  return (await publicHttp.post<{ message: string }>('/contact', input)).message;
}

/** The reCAPTCHA site key the sign-up form uses serves the contact form too. */
export async function fetchRecaptchaSiteKey(signal?: AbortSignal): Promise<string | null> {
  return (await publicHttp.get<{ recaptchaSiteKey: string | null }>('/student/signup/config', { signal }))
    .recaptchaSiteKey;
}
