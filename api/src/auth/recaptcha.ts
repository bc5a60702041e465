export interface RecaptchaConfig {
  secret: string | undefined;
  verifyUrl: string;
}

/**
 * Asks the verify endpoint (Google's, or a local fake speaking the same format) whether the
 * token is good. Any failure to get a clear yes counts as no.
 */
export async function verifyRecaptcha(
  config: RecaptchaConfig,
  token: string | undefined,
  ip: string,
): Promise<boolean> {
  if (!config.secret || !token) {
    return false;
  }
  try {
    const res = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) {
      return false;
    }
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}
