const PAKISTAN_OFFSET_MS = 5 * 3600_000;
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** What a datetime-local field of a back-office form means: Pakistan time, whatever the browser's zone. */
export const LOCAL_INPUT_ZONE_HINT = 'Pakistan time (PKT)';

/** An ISO time as a datetime-local value ("2026-03-10T18:30") in Pakistan time; null → ''. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) {
    return '';
  }
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? '' : new Date(time + PAKISTAN_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read as Pakistan time: '' → null, a value that is not a real date and time
 * (nonsense, 31 February) → Invalid Date.
 */
export function pakistanInputDate(value: string): Date | null {
  const trimmed = value.trim();
  if (trimmed === '') {
    return null;
  }
  const match = LOCAL_INPUT.exec(trimmed);
  if (match === null) {
    return new Date(Number.NaN);
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC(2026, 1, 31) rolls over to 3 March: such a day does not exist.
  if (wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day || hour > 23 || minute > 59) {
    return new Date(Number.NaN);
  }
  return new Date(wall.getTime() - PAKISTAN_OFFSET_MS);
}

/** A datetime-local value (Pakistan time) as ISO, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  const date = pakistanInputDate(value);
  return date === null || Number.isNaN(date.getTime()) ? null : date.toISOString();
}
