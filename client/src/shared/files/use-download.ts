import { useState } from 'react';
import { describeError } from '../http/http-error';

/** Runs a download and keeps its failure to show beside the button that started it. */
export function useDownload<Key extends string = string>() {
  const [pending, setPending] = useState<Key | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: Key, download: () => Promise<void>) => {
    setPending(key);
    setError(null);
    try {
      await download();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setPending(null);
    }
  };
  return { pending, error, run };
}
