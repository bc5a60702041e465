import { Button } from '../ui/button';
import { Alert, LoadingBlock } from '../ui/surface';

interface SettingsLoadStateProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loadingLabel: string;
  /** The error line, e.g. 'The payment settings could not be loaded.' */
  errorText: string;
}

/** Loading, or the error with "Try again", of the settings a form edits; nothing once they are loaded. */
export function SettingsLoadState({ query, loadingLabel, errorText }: SettingsLoadStateProps) {
  return (
    <>
      {query.isPending ? <LoadingBlock label={loadingLabel} /> : null}
      {query.isError ? (
        <Alert tone="error">
          <p>{errorText}</p>
          <Button small variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
