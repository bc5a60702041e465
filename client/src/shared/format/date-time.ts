/**
 * Every moment staff read is Pakistan time, labelled PKT, wherever the browser is: contest, payment
 * and report days are Pakistan days. Pakistan keeps UTC+5 all year (no daylight saving).
 */
export const PAKISTAN_TIME_ZONE = 'Asia/Karachi';

/** A formatter of Pakistan time in British order ('11 Mar 2026, 01:30'), with these parts. */
const inPakistan = (parts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: PAKISTAN_TIME_ZONE, hourCycle: 'h23', ...parts });

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit' } as const;

/** '11 Mar 2026, 01:30' (no label): for parts; screens use formatDateTime. */
export const pakistanDateTime = inPakistan({ ...DAY, ...TIME });
const preciseDateTime = inPakistan({ ...DAY, ...TIME, second: '2-digit' });
const shortDateTime = inPakistan({ day: 'numeric', month: 'short', ...TIME });
const day = inPakistan(DAY);
const clock = inPakistan({ ...TIME, second: '2-digit' });

/** '11 Mar 2026, 01:30 PKT'; `empty` ('—' unless told) for none. */
export function formatDateTime(iso: string | null, empty = '—'): string {
  return iso === null ? empty : `${pakistanDateTime.format(new Date(iso))} PKT`;
}

/** '11 Mar 2026, 01:30:05 PKT': to the second, for logs. */
export function formatPreciseDateTime(iso: string): string {
  return `${preciseDateTime.format(new Date(iso))} PKT`;
}

/** '11 Mar, 01:30 PKT': the same where a table row has little room. */
export function formatShortDateTime(iso: string): string {
  return `${shortDateTime.format(new Date(iso))} PKT`;
}

/** '11 Mar 2026': the Pakistan day of a moment; `empty` for none. */
export function formatDay(iso: string | null, empty = '—'): string {
  return iso === null ? empty : day.format(new Date(iso));
}

/** '01:30:05 PKT': the time of day only, e.g. when figures were last read. */
export function formatClock(iso: string): string {
  return `${clock.format(new Date(iso))} PKT`;
}

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: PAKISTAN_TIME_ZONE });
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `${name}-2026-11-22.csv`: a download's name, dated today in Pakistan time. */
export function datedCsvName(name: string, now = new Date()): string {
  const today = isoDay.format(now);
  return `${name}-${ISO_DAY.test(today) ? today : 'export'}.csv`;
}

const dayAndMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
/** '11 Mar' for a YYYY-MM-DD day that is already a Pakistan day (report rows per day). */
export const shortDay = (isoDate: string) => dayAndMonth.format(new Date(`${isoDate}T00:00:00Z`));
