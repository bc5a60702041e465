const KEY = 'riyazi:device';
let fallback: string | null = null;

/**
 * A random id this browser keeps (localStorage) and sends on a contest start, so organisers can see
 * many accounts played from one device. Nothing about the device is read; without storage
 * (private mode) it lasts for the page's life.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,128}$/.test(kept)) {
      return kept;
    }
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
