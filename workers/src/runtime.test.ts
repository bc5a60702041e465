import { describe, expect, it } from 'vitest';
import type { Handlers } from './handlers.js';
import { assertEveryJobHandled, handlers } from './runtime.js';

describe('worker start-up', () => {
  it('has a handler for every job of every queue', () => {
    expect(() => assertEveryJobHandled(handlers)).not.toThrow();
  });

  it('refuses to start when a job has no handler', () => {
    const incomplete = { broadcast: {} } as unknown as Handlers;
    expect(() => assertEveryJobHandled(incomplete)).toThrow(/broadcast has no handler for: flags.updated/);
  });
});
