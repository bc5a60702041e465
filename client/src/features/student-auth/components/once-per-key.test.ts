import { describe, expect, it, vi } from 'vitest';
import { oncePerKey } from './once-per-key';

describe('oncePerKey', () => {
  it('calls once for the same key and hands every caller the same answer', async () => {
    const call = vi.fn(async (token: string) => `ok:${token}`);
    const verify = oncePerKey(call);
    const answers = await Promise.all([verify.run('t1'), verify.run('t1')]);
    expect(answers).toEqual(['ok:t1', 'ok:t1']);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('calls again for another key', async () => {
    const call = vi.fn(async (token: string) => token);
    const verify = oncePerKey(call);
    await verify.run('a');
    await verify.run('b');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('calls again after forget, so a failed attempt can be retried', async () => {
    const call = vi.fn(async (token: string) => token);
    const verify = oncePerKey(call);
    await verify.run('a');
    verify.forget('a');
    await verify.run('a');
    expect(call).toHaveBeenCalledTimes(2);
  });
});
