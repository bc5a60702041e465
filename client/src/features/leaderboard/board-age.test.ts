import { describe, expect, it } from 'vitest';
import { format } from '../../shared/i18n/i18n-store';
import { en } from '../../shared/i18n/messages/en';
import type { MessageKey } from '../../shared/i18n';
import { boardAgeText } from './board-age';

const t = (key: MessageKey, params?: Readonly<Record<string, string | number>>) =>
  format(en[key], params, key);
const AS_OF = '2026-12-07T10:00:00.000Z';
const after = (ms: number) => Date.parse(AS_OF) + ms;

describe('board age', () => {
  it('says how many seconds, minutes or hours old the board is', () => {
    expect(boardAgeText(t, AS_OF, after(500))).toBe('Updated just now');
    expect(boardAgeText(t, AS_OF, after(3400))).toBe('Updated 3 s ago');
    expect(boardAgeText(t, AS_OF, after(125_000))).toBe('Updated 2 min ago');
    expect(boardAgeText(t, AS_OF, after(7_300_000))).toBe('Updated 2 h ago');
  });

  it('reads "just now" when the device clock is behind the server', () => {
    expect(boardAgeText(t, AS_OF, after(-60_000))).toBe('Updated just now');
  });
});
