import { describe, expect, it } from 'vitest';
import { generateSessionKey } from './encrypted-storage';
import { memoryStore } from './memory-store';
import { createSessionStorage } from './session-storage';

const SESSION = JSON.stringify({ state: { studentAuth: { email: 'fatima@example.com' } }, version: 1 });

describe('the session storage', () => {
  it('encrypts where WebCrypto is offered', async () => {
    const backend = memoryStore();
    const key = await generateSessionKey();
    const storage = createSessionStorage({ backend, getKey: () => async () => key, subtle: crypto.subtle });
    await storage.setItem('persist:root', SESSION);
    expect(backend.data.get('persist:root')).not.toContain('fatima');
    expect(await storage.getItem('persist:root')).toBe(SESSION);
  });

  it('keeps the session without WebCrypto (plain http), and never asks for a key', async () => {
    const backend = memoryStore();
    const storage = createSessionStorage({
      backend,
      getKey: () => {
        throw new Error('no key without WebCrypto');
      },
      subtle: undefined,
    });
    await storage.setItem('persist:root', SESSION);
    expect(await storage.getItem('persist:root')).toBe(SESSION);
    await storage.removeItem('persist:root');
    expect(await storage.getItem('persist:root')).toBeNull();
  });
});
