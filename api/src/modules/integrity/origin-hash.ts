import { createHmac } from 'node:crypto';

/** The device id a client keeps in localStorage and sends on a contest start (X-Device-Id). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const DEVICE_ID_HEADER = 'x-device-id';

export interface OriginHashes {
  originIpHash: string | null;
  originDeviceHash: string | null;
}

const keyed = (key: string, kind: string, value: string) =>
  createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url');

/**
 * Where a contest play started, as keyed hashes (HMAC-SHA256 with config INTEGRITY_HASH_KEY): equal
 * origins compare equal, but neither the address nor the device id can be read back (the players
 * are minors). A missing or malformed device id is null.
 */
export function originHashes(
  key: string,
  ip: string | undefined,
  deviceId: string | undefined,
): OriginHashes {
  return {
    originIpHash: ip ? keyed(key, 'ip', ip) : null,
    originDeviceHash: deviceId && DEVICE_ID_PATTERN.test(deviceId) ? keyed(key, 'device', deviceId) : null,
  };
}
