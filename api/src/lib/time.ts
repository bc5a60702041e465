/** Pakistan keeps UTC+5 all year (no daylight saving): contest days, reports and exports use it. */
export const PAKISTAN_TIME_ZONE = 'Asia/Karachi';
const PAKISTAN_OFFSET_MS = 5 * 3600_000;
const DAY_MS = 86_400_000;

const dateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: PAKISTAN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 2026-03-11 01:30:00, Pakistan time. */
export function pakistanTime(at: string | Date): string {
  const part = Object.fromEntries(dateTime.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** "2026-03-11 01:30 PKT": a moment as staff read it in a message. */
export const pakistanMinute = (at: string | Date): string => `${pakistanTime(at).slice(0, 16)} PKT`;

/** 2026-03-11: the calendar day in Pakistan time. */
export const pakistanDay = (at: string | Date = new Date()): string => pakistanTime(at).slice(0, 10);

/** 20260311013000 (yyyyMMddHHmmss) in Pakistan time, as JazzCash writes dates. */
export const pakistanStamp = (at: Date): string =>
  new Date(at.getTime() + PAKISTAN_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);

/** Start of a Pakistan-time day given as YYYY-MM-DD, plus whole days. */
export const pakistanDayStart = (day: string, plusDays = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00+05:00`) + plusDays * DAY_MS);

export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
