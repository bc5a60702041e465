import { describe, expect, it } from 'vitest';
import { currentDocument, documentFileName, formatBytes } from './verification-format';

describe('verification formatting', () => {
  it('writes file sizes the way people read them', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(240 * 1024)).toBe('240 KB');
    expect(formatBytes(4.5 * 1024 * 1024)).toBe('4.5 MB');
  });

  it('names a download by its id and type', () => {
    expect(documentFileName({ _id: 'd1', contentType: 'application/pdf' })).toBe('document-d1.pdf');
    expect(documentFileName({ _id: 'd2', contentType: 'image/jpeg' })).toBe('document-d2.jpg');
  });

  it('takes the newest document that was not replaced as the one to decide', () => {
    const documents = [
      { id: 'old', status: 'REPLACED', createdAt: '2026-01-03T00:00:00.000Z' },
      { id: 'current', status: 'PENDING', createdAt: '2026-01-02T00:00:00.000Z' },
      { id: 'older', status: 'REJECTED', createdAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(currentDocument(documents)?.id).toBe('current');
    expect(currentDocument([])).toBeNull();
  });
});
