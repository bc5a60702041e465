import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text.js';

describe('isStorableText', () => {
  it('accepts ordinary text, Urdu and emoji (surrogate pairs)', () => {
    expect(isStorableText('Ayesha Khan')).toBe(true);
    expect(isStorableText('نام اردو')).toBe(true);
    expect(isStorableText('😀👩‍👩‍👧')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });

  it('refuses NUL anywhere', () => {
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('a\u0000b')).toBe(false);
  });

  it('refuses a high or low surrogate without its partner', () => {
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udfffy')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
    expect(isStorableText('ok\ud83d')).toBe(false);
  });
});

describe('findUnstorableText', () => {
  it('names the first field holding unstorable text, as validation messages do', () => {
    expect(findUnstorableText({ title: 'ok', options: [{ text: 'a' }, { text: 'b\u0000' }] })).toEqual({
      path: 'options.1.text',
      inName: false,
    });
  });

  it('finds it in a field name', () => {
    expect(findUnstorableText({ flags: { 'a\ud800': true } })).toEqual({ path: 'flags', inName: true });
  });

  it('finds it in a bare string, and nothing in numbers, booleans, null or buffers', () => {
    expect(findUnstorableText('\u0000')).toEqual({ path: '', inName: false });
    expect(findUnstorableText([1, true, null, Buffer.from([0])])).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) {
      deep = [deep];
    }
    expect(findUnstorableText(deep)?.path.split('.').length).toBe(100_000);
  });
});
