/** Spec §2/§9: the announcement section is shown only before 1 Nov 2024 (Pakistan time). */
export const ANNOUNCEMENT_CUTOFF = new Date('2024-11-01T00:00:00+05:00');

export function isAnnouncementVisible(now: Date): boolean {
  return now.getTime() < ANNOUNCEMENT_CUTOFF.getTime();
}
