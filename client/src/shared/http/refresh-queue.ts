import { SessionExpiredError } from './http-error';

export interface RefreshQueueOptions {
  /** One refresh attempt: resolves with the new access token or rejects. */
  refresh: () => Promise<string>;
  maxAttempts: number;
  retryDelayMs: number;
  /** Called once per burst when every attempt failed. */
  onExhausted: () => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface RefreshQueue {
  /** Joins the refresh in flight, or starts one: every 401 of a burst shares one refresh. */
  refreshToken: () => Promise<string>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRefreshQueue(options: RefreshQueueOptions): RefreshQueue {
  const sleep = options.sleep ?? defaultSleep;
  let inFlight: Promise<string> | null = null;

  async function attemptAll(): Promise<string> {
    for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
      try {
        return await options.refresh();
      } catch {
        if (attempt < options.maxAttempts && options.retryDelayMs > 0) {
          await sleep(options.retryDelayMs * attempt);
        }
      }
    }
    options.onExhausted();
    throw new SessionExpiredError();
  }

  return {
    refreshToken() {
      if (inFlight === null) {
        inFlight = attemptAll().finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
  };
}
