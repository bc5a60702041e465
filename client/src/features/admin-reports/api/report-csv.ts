import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/files/save-blob';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';

/**
 * Downloads a report as CSV from `path` with the page's filters ('' left out), through the http
 * client so the bearer token goes with it, and hands it to the browser as `filename`.
 */
export function useReportCsv<Filters extends object>(path: string) {
  return useMutation({
    mutationFn: async ({ filters, filename }: { filters: Filters; filename: string }) => {
      const blob = await adminHttp.request<Blob>('GET', path, {
        query: withoutEmpty(filters),
        responseType: 'blob',
      });
      saveBlob(blob, filename);
    },
    meta: { silent: true },
  });
}
