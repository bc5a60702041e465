import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to the same origin and no chat widget', () => {
    expect(parseEnv({})).toEqual({ apiBase: '', chatWidgetUrl: null });
  });

  it('keeps only the origin of the api base', () => {
    expect(parseEnv({ VITE_API_BASE: 'https://api.example.pk/' }).apiBase).toBe('https://api.example.pk');
  });

  it('names the variable when a value is wrong', () => {
    expect(() => parseEnv({ VITE_CHAT_WIDGET_URL: 'not a url' })).toThrow(/VITE_CHAT_WIDGET_URL/);
  });
});
