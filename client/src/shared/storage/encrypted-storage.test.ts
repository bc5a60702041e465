import { describe, expect, it } from 'vitest';
import { createEncryptedStorage, generateSessionKey } from './encrypted-storage';
import { memoryStore } from './memory-store';

const SESSION = JSON.stringify({ state: { adminAuth: { accessToken: 'secret-token' } }, version: 1 });

describe('encrypted session storage', () => {
  it('reads back what it wrote', async () => {
    const key = await generateSessionKey();
    const storage = createEncryptedStorage({ backend: memoryStore(), getKey: async () => key });
    await storage.setItem('persist:root', SESSION);
    expect(await storage.getItem('persist:root')).toBe(SESSION);
  });

  it('stores nothing readable in the backend', async () => {
    const backend = memoryStore();
    const key = await generateSessionKey();
    const storage = createEncryptedStorage({ backend, getKey: async () => key });
    await storage.setItem('persist:root', SESSION);
    const blob = backend.data.get('persist:root') ?? '';
    expect(blob).not.toContain('secret-token');
    expect(blob).not.toContain('adminAuth');
  });

  it('discards a blob written under another key', async () => {
    const backend = memoryStore();
    const first = await generateSessionKey();
    const second = await generateSessionKey();
    await createEncryptedStorage({ backend, getKey: async () => first }).setItem('persist:root', SESSION);

    const other = createEncryptedStorage({ backend, getKey: async () => second });
    expect(await other.getItem('persist:root')).toBeNull();
    expect(backend.data.has('persist:root')).toBe(false);
  });

  it('discards a blob that is not ours', async () => {
    const backend = memoryStore();
    backend.setItem('persist:root', '{"adminAuth":"plain"}');
    const key = await generateSessionKey();
    const storage = createEncryptedStorage({ backend, getKey: async () => key });
    expect(await storage.getItem('persist:root')).toBeNull();
    expect(backend.data.has('persist:root')).toBe(false);
  });

  it('keeps the newest value when writes overlap', async () => {
    const key = await generateSessionKey();
    const storage = createEncryptedStorage({ backend: memoryStore(), getKey: async () => key });
    void storage.setItem('persist:root', 'first');
    void storage.setItem('persist:root', 'second');
    expect(await storage.getItem('persist:root')).toBe('second');
  });

  it('uses a key that cannot be exported', async () => {
    const key = await generateSessionKey();
    expect(key.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
