const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value ("2026-03-10T18:30") in the browser's zone; null → ''. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) {
    return '';
  }
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as ISO, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') {
    return null;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
