import { useEffect, useRef, useState } from 'react';

/** A column an admin may show or hide. */
export interface OptionalColumn<K extends string> {
  key: K;
  label: string;
  /** Shown until the admin chooses otherwise. */
  byDefault: boolean;
}

const storageKey = (list: string) => `riyazi:admin-columns:${list}`;

function readChoice<K extends string>(list: string, columns: readonly OptionalColumn<K>[]): Set<K> {
  const fallback = new Set(columns.filter((c) => c.byDefault).map((c) => c.key));
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(list)) ?? 'null');
    if (!Array.isArray(stored)) {
      return fallback;
    }
    return new Set(columns.map((c) => c.key).filter((key) => stored.includes(key)));
  } catch {
    return fallback;
  }
}

/** Which optional columns a list shows, remembered in this browser (localStorage) per list. */
export function useColumnChoice<K extends string>(list: string, columns: readonly OptionalColumn<K>[]) {
  const [shown, setShown] = useState(() => readChoice(list, columns));
  const set = (key: K, on: boolean) => {
    const next = new Set(shown);
    if (on) {
      next.add(key);
    } else {
      next.delete(key);
    }
    setShown(next);
    try {
      window.localStorage.setItem(storageKey(list), JSON.stringify([...next]));
    } catch {
      // Storage full or blocked: the choice lasts for this visit only.
    }
  };
  return { columns, isShown: (key: K) => shown.has(key), set };
}

export type ColumnChoice<K extends string> = ReturnType<typeof useColumnChoice<K>>;

/** "Columns": a small menu of checkboxes, one per optional column; it closes on Escape or a click outside. */
export function ColumnPicker<K extends string>({
  choice,
  testId,
}: {
  choice: ColumnChoice<K>;
  testId: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) {
      return;
    }
    const close = (event: Event) => {
      const outside = event instanceof MouseEvent && !ref.current?.contains(event.target as Node);
      if (outside || (event instanceof KeyboardEvent && event.key === 'Escape')) {
        setOpen(false);
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <details
      ref={ref}
      className="column-picker"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="column-picker__summary" data-testid={testId}>
        Columns
      </summary>
      <fieldset className="column-picker__menu">
        <legend className="visually-hidden">Columns to show</legend>
        {choice.columns.map((column) => (
          <label key={column.key} className="column-picker__option">
            <input
              type="checkbox"
              checked={choice.isShown(column.key)}
              onChange={(event) => choice.set(column.key, event.target.checked)}
            />
            {column.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
