import { describe, expect, it } from 'vitest';
import { webSocketSource } from './security.js';

describe('webSocketSource', () => {
  it('is the secure WebSocket form of an https origin, and plain ws only for http', () => {
    expect(webSocketSource('https://riyazi.pk')).toBe('wss://riyazi.pk');
    expect(webSocketSource('https://riyazi.pk:8443')).toBe('wss://riyazi.pk:8443');
    expect(webSocketSource('http://localhost:3000')).toBe('ws://localhost:3000');
  });
});
