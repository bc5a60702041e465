import type { StateStorage } from 'zustand/middleware';

/** Where the ciphertext goes: localStorage in the browser, a Map in tests. */
export interface StringStore {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

export type KeyProvider = () => Promise<CryptoKey>;

export interface EncryptedStorageOptions {
  backend: StringStore;
  getKey: KeyProvider;
  subtle?: SubtleCrypto;
  getRandomValues?: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

interface Envelope {
  v: 1;
  iv: string;
  data: string;
}

const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

function parseEnvelope(raw: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'v' in value &&
      value.v === 1 &&
      'iv' in value &&
      typeof value.iv === 'string' &&
      'data' in value &&
      typeof value.data === 'string'
    ) {
      return { v: 1, iv: value.iv, data: value.data };
    }
  } catch {
    // not JSON: treated as unreadable below
  }
  return null;
}

/**
 * An async zustand storage that keeps values AES-GCM encrypted. A blob that cannot be decrypted
 * (tampered, written under another key, or not ours) is discarded and reads as empty.
 */
export function createEncryptedStorage(options: EncryptedStorageOptions): StateStorage<Promise<void>> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const getRandomValues =
    options.getRandomValues ?? ((array: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(array));
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Writes are chained so a slow encryption can never overwrite a newer value.
  let writes: Promise<void> = Promise.resolve();

  async function decrypt(raw: string): Promise<string> {
    const envelope = parseEnvelope(raw);
    if (envelope === null) {
      throw new Error('Unreadable session blob');
    }
    const key = await options.getKey();
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(envelope.iv) },
      key,
      fromBase64(envelope.data),
    );
    return decoder.decode(plain);
  }

  async function encrypt(value: string): Promise<string> {
    const key = await options.getKey();
    const iv = getRandomValues(new Uint8Array(IV_BYTES));
    const data = await subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(value));
    const envelope: Envelope = { v: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
    return JSON.stringify(envelope);
  }

  function enqueue(task: () => Promise<void>): Promise<void> {
    writes = writes.then(task).catch((error: unknown) => {
      console.warn('Could not write the encrypted session', error);
    });
    return writes;
  }

  return {
    async getItem(name) {
      await writes;
      const raw = options.backend.getItem(name);
      if (raw === null) {
        return null;
      }
      try {
        return await decrypt(raw);
      } catch {
        options.backend.removeItem(name);
        return null;
      }
    },
    setItem(name, value) {
      return enqueue(async () => {
        options.backend.setItem(name, await encrypt(value));
      });
    },
    removeItem(name) {
      return enqueue(async () => {
        options.backend.removeItem(name);
      });
    },
  };
}

export function generateSessionKey(subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<CryptoKey> {
  return subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}
