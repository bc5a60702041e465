import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_PATTERN } from '../../contracts/payment-codes.js';
import { generateAccessCode, normalizeAccessCode } from './access-code-format.js';

describe('generateAccessCode', () => {
  it('makes XXXX-XXXX-XXXX codes without 0, O, 1 or I', () => {
    const codes = Array.from({ length: 500 }, generateAccessCode);
    for (const code of codes) {
      expect(code).toMatch(ACCESS_CODE_PATTERN);
      expect(code).not.toMatch(/[0O1I]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('normalizeAccessCode', () => {
  it('accepts any case, spaces and missing dashes', () => {
    expect(normalizeAccessCode('abcd efgh jkmn')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeAccessCode(' ABCDEFGHJKMN ')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeAccessCode('abcd-efgh-jkmn')).toBe('ABCD-EFGH-JKMN');
  });

  it('refuses look-alikes, other symbols and the wrong length', () => {
    expect(normalizeAccessCode('ABCD-EFGH-JKM0')).toBeNull();
    expect(normalizeAccessCode('ABCD-EFGH-JKMI')).toBeNull();
    expect(normalizeAccessCode('ABCD-EFGH-JKM')).toBeNull();
    expect(normalizeAccessCode('ABCD-EFGH-JKM%')).toBeNull();
    expect(normalizeAccessCode('')).toBeNull();
  });
});
