import { describe, expect, it } from 'vitest';
import { isAnnouncementVisible } from './announcement';

describe('isAnnouncementVisible', () => {
  it('shows the section before 1 Nov 2024 in Pakistan', () => {
    expect(isAnnouncementVisible(new Date('2024-10-31T18:59:59Z'))).toBe(true);
  });

  it('hides it from 1 Nov 2024 on', () => {
    expect(isAnnouncementVisible(new Date('2024-10-31T19:00:00Z'))).toBe(false);
    expect(isAnnouncementVisible(new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('follows a configured end date, and shows one without an end date', () => {
    const endsAt = new Date('2026-12-01T00:00:00+05:00');
    expect(isAnnouncementVisible(new Date('2026-11-30T18:00:00Z'), endsAt)).toBe(true);
    expect(isAnnouncementVisible(new Date('2026-11-30T19:00:00Z'), endsAt)).toBe(false);
    expect(isAnnouncementVisible(new Date('2030-01-01T00:00:00Z'), null)).toBe(true);
  });
});
