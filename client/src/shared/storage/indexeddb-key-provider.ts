import { generateSessionKey, type KeyProvider } from './encrypted-storage';

const DB_NAME = 'riyazi-keys';
const STORE = 'keys';

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE);
  };
  return requestToPromise(request);
}

async function loadOrCreateKey(keyName: string): Promise<CryptoKey> {
  const db = await openDatabase();
  try {
    const existing: unknown = await requestToPromise(
      db.transaction(STORE, 'readonly').objectStore(STORE).get(keyName),
    );
    if (existing instanceof CryptoKey) {
      return existing;
    }
    const key = await generateSessionKey();
    // add(), not put(): if another tab stored a key meanwhile, keep theirs and read it back.
    try {
      await requestToPromise(db.transaction(STORE, 'readwrite').objectStore(STORE).add(key, keyName));
      return key;
    } catch {
      const stored: unknown = await requestToPromise(
        db.transaction(STORE, 'readonly').objectStore(STORE).get(keyName),
      );
      if (stored instanceof CryptoKey) {
        return stored;
      }
      throw new Error('Could not store the session key');
    }
  } finally {
    db.close();
  }
}

/**
 * A non-extractable AES-GCM key kept in IndexedDB, created on first use. Without IndexedDB
 * (some private modes) the key lives in memory, so the session just does not survive a reload.
 */
export function createIndexedDbKeyProvider(keyName: string): KeyProvider {
  let key: Promise<CryptoKey> | null = null;
  return () => {
    if (key === null) {
      key = (typeof indexedDB === 'undefined' ? generateSessionKey() : loadOrCreateKey(keyName)).catch(
        (error: unknown) => {
          console.warn('Session key storage unavailable; the session will not survive a reload', error);
          return generateSessionKey();
        },
      );
    }
    return key;
  };
}
