const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '12 Mar 2026, 10:00' in the browser's time zone; '—' for none. */
export function formatDateTime(iso: string | null): string {
  return iso === null ? '—' : dateTime.format(new Date(iso));
}

/** '11 Mar 2026, 01:30' in Pakistan time, wherever the admin is (contest and payment days are Pakistan days). */
export const pakistanDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Karachi',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
