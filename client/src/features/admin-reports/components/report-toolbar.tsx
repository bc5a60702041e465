import type { ReactNode } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';

/** Where a CSV download stands (a react-query mutation). */
export interface DownloadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A report's toolbar: its summary line (`children`) and the Download CSV button, and under them
 * why a download failed. Test ids: `${prefix}-download`, `${prefix}-download-error`.
 */
export function ReportToolbar({
  prefix,
  download,
  canDownload,
  onDownload,
  children,
}: {
  prefix: string;
  download: DownloadState;
  canDownload: boolean;
  onDownload: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <div className="list-toolbar list-toolbar--center">
        {children}
        <Button
          variant="secondary"
          disabled={download.isPending || !canDownload}
          aria-busy={download.isPending}
          onClick={onDownload}
          data-testid={`${prefix}-download`}
        >
          {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
        </Button>
      </div>
      {download.isError ? (
        <Alert tone="error" data-testid={`${prefix}-download-error`}>
          The CSV could not be downloaded: {describeError(download.error)}
        </Alert>
      ) : null}
    </>
  );
}
