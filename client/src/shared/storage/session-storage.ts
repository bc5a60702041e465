import type { StateStorage } from 'zustand/middleware';
import { createEncryptedStorage, type KeyProvider, type StringStore } from './encrypted-storage';

export interface SessionStorageOptions {
  backend: StringStore;
  /** Called only where WebCrypto is there to use the key. */
  getKey: () => KeyProvider;
  /** `crypto.subtle`: undefined outside a secure context. */
  subtle: SubtleCrypto | undefined;
}

/**
 * Where the persisted session goes: AES-GCM encrypted when the browser offers WebCrypto. A plain-http
 * address other than localhost (a school's LAN install) is not a secure context and has no
 * `crypto.subtle`; there the session is kept unencrypted rather than lost on every reload. The
 * encryption only guards the storage files (its key is usable by any script of the site), and on
 * plain http every token already crosses the network readable; refresh tokens stay httpOnly cookies.
 */
export function createSessionStorage({
  backend,
  getKey,
  subtle,
}: SessionStorageOptions): StateStorage<Promise<void>> {
  if (subtle !== undefined) {
    return createEncryptedStorage({ backend, getKey: getKey(), subtle });
  }
  return {
    getItem: async (name) => backend.getItem(name),
    setItem: async (name, value) => backend.setItem(name, value),
    removeItem: async (name) => backend.removeItem(name),
  };
}
