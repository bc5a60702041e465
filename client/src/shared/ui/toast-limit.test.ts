import { describe, expect, it } from 'vitest';
import { toastsOverLimit } from './toast-limit';

const toast = (id: number, visible = true) => ({ id: String(id), visible, createdAt: id });

describe('toastsOverLimit', () => {
  it('returns nothing at or under the limit', () => {
    expect(toastsOverLimit(Array.from({ length: 20 }, (_, i) => toast(i)))).toEqual([]);
  });

  it('returns the oldest visible toasts beyond the limit of 20', () => {
    const toasts = Array.from({ length: 23 }, (_, i) => toast(i)).reverse();
    expect(toastsOverLimit(toasts)).toEqual(['0', '1', '2']);
  });

  it('ignores toasts already dismissed', () => {
    const toasts = [...Array.from({ length: 20 }, (_, i) => toast(i + 10)), toast(1, false), toast(2, false)];
    expect(toastsOverLimit(toasts)).toEqual([]);
  });
});
