/** Spec §2/§9: the date-bound home section; the demo's announcement ends on 1 Nov 2024 (Pakistan time). */
export const ANNOUNCEMENT_CUTOFF = new Date('2024-11-01T00:00:00+05:00');

/** An announcement shows until its end date (none: until an admin clears it). */
export function isAnnouncementVisible(now: Date, endsAt: Date | null = ANNOUNCEMENT_CUTOFF): boolean {
  return endsAt === null || now.getTime() < endsAt.getTime();
}
