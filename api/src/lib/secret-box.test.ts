import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box.js';

const key = 'ab'.repeat(32);

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const box = encryptSecret('smtp-p@ss', key);
    expect(box).not.toContain('smtp-p@ss');
    expect(decryptSecret(box, key)).toBe('smtp-p@ss');
    expect(encryptSecret('smtp-p@ss', key)).not.toBe(box);
  });

  it('refuses a tampered box or another key', () => {
    const box = encryptSecret('secret', key);
    const parts = box.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => decryptSecret(tampered, key)).toThrow();
    expect(() => decryptSecret(box, 'cd'.repeat(32))).toThrow();
  });
});
