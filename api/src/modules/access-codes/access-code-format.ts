import { randomInt } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_PATTERN } from '../../contracts/payment-codes.js';

const GROUPS = 3;
const GROUP_LENGTH = 4;

/** A fresh code, XXXX-XXXX-XXXX: 12 symbols of 32 drawn with the CSPRNG, so 60 bits. */
export function generateAccessCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) {
      group += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
    }
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * A code as a person typed it ("abcd efgh jkmn", "ABCDEFGHJKMN") in the stored form, or null when
 * it cannot be one.
 */
export function normalizeAccessCode(typed: string): string | null {
  const symbols = typed.toUpperCase().replace(/[\s-]/g, '');
  if (symbols.length !== GROUPS * GROUP_LENGTH) {
    return null;
  }
  const code = symbols.match(/.{4}/g)?.join('-') ?? '';
  return ACCESS_CODE_PATTERN.test(code) ? code : null;
}
