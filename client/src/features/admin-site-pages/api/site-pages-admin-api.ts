import type { AdminSitePage, SitePageInput, SitePageKey, SitePageVersion } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';

export type { AdminSitePage, SitePageKey, SitePageVersion };

const root = [ADMIN_KEY_ROOT, 'site-pages'] as const;
export const sitePagesKeys = { root, all: [...root, 'all'] as const, publish: [...root, 'publish'] as const };

export async function fetchAdminSitePages(signal?: AbortSignal): Promise<AdminSitePage[]> {
  return (await adminHttp.get<{ data: AdminSitePage[] }>('/admin/pages/', { signal })).data;
}

export async function previewSitePage(key: SitePageKey, input: SitePageInput): Promise<SitePageInput> {
  return (await adminHttp.post<{ data: SitePageInput }>(`/admin/pages/${key}/preview/`, input)).data;
}

async function publishSitePage({ key, ...input }: SitePageInput & { key: SitePageKey }) {
  return (await adminHttp.post<{ data: SitePageVersion }>(`/admin/pages/${key}/publish/`, input)).data;
}

export const useAdminSitePages = () =>
  useQuery({ queryKey: sitePagesKeys.all, queryFn: ({ signal }) => fetchAdminSitePages(signal) });

export const usePublishSitePage = () =>
  useToastMutation({
    mutationKey: sitePagesKeys.publish,
    mutationFn: publishSitePage,
    success: (page) => `Version ${page.version} of “${page.title}” published`,
    invalidate: sitePagesKeys.root,
    silent: true,
  });
