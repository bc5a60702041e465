import { HttpError } from '../http/http-error';
import { Button } from './button';
import { PageHeading } from './page';
import { Alert, LoadingBlock } from './surface';

/** The parts of a one-record query (TanStack Query) that RecordStatus reads. */
export interface RecordQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

const isMissing = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 400);

/**
 * The heading and state of a page showing one record while it is not loaded: loading, "does not
 * exist" (404, or 400 for a malformed id), or an error with "Try again". Nothing once it has loaded.
 */
export function RecordStatus({ query, title, noun }: { query: RecordQuery; title: string; noun: string }) {
  if (!query.isPending && !query.isError) {
    return null;
  }
  const missing = query.isError && isMissing(query.error);
  return (
    <>
      <PageHeading title={title} />
      {query.isPending ? (
        <LoadingBlock label={`Loading the ${noun}…`} />
      ) : (
        <Alert tone="error">
          <p>
            {missing
              ? `This ${noun} does not exist or has been deleted.`
              : `The ${noun} could not be loaded.`}
          </p>
          {missing ? null : (
            <Button small variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      )}
    </>
  );
}
