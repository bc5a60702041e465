import type { ReactNode } from 'react';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { Button, type ButtonVariant } from '../ui/button';
import { Switch, TextField } from '../ui/field';
import { ListPagination } from '../ui/pagination';
import type { PagerWiring } from './use-list-url-state';

/** The list's search box: what is typed shows at once, the URL follows when typing pauses. */
export function ListSearch({
  value,
  onSearch,
  placeholder,
  className,
  maxLength = 100,
  testId,
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  className?: string;
  maxLength?: number;
  testId: string;
}) {
  const [text, onChange] = useDebouncedSearch(value, onSearch);
  return (
    <TextField
      className={className}
      label="Search"
      type="search"
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}

type PageEnvelope = Parameters<typeof ListPagination>[0]['page'];

/** Pagination under a list, wired to the list's URL state. */
export function ListPager({ page, pager, noun }: { page: PageEnvelope; pager: PagerWiring; noun: string }) {
  return <ListPagination page={page} onPage={pager.onPage} onPageSize={pager.onPageSize} noun={noun} />;
}

export type Column = string | { label: string; className: string };

/**
 * A list's table: column headers (and a hidden one for the actions column), then a row per item.
 * Nothing while the page loads or when it is empty (ListStatus says so).
 */
export function ListTable<T>({
  rows,
  busy,
  className,
  testId,
  columns,
  actions = 'Actions',
  wrapClassName,
  children,
}: {
  rows: readonly T[] | undefined;
  /** The list is being re-read (aria-busy); left out for a list that is only read once. */
  busy?: boolean;
  className: string;
  testId: string;
  columns: readonly Column[];
  /** The hidden header of the last column; null when rows have no actions. */
  actions?: string | null;
  /** A scrolling box around the table. */
  wrapClassName?: string;
  children: (row: T) => ReactNode;
}) {
  if (rows === undefined || rows.length === 0) {
    return null;
  }
  const table = (
    <table className={className} data-testid={testId} aria-busy={busy}>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ),
          )}
          {actions === null ? null : (
            <th scope="col">
              <span className="visually-hidden">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{rows.map(children)}</tbody>
    </table>
  );
  return wrapClassName === undefined ? table : <div className={wrapClassName}>{table}</div>;
}

interface RowButtonProps {
  /** The row as the button's label names it: "Edit {rowName}". */
  rowName: string;
  onClick: () => void;
  className?: string;
  variant?: ButtonVariant;
  testId?: string;
}

function RowButton({
  verb,
  rowName,
  onClick,
  className,
  variant,
  testId,
}: RowButtonProps & { verb: string }) {
  return (
    <Button
      small
      variant={variant}
      className={className}
      onClick={onClick}
      aria-label={`${verb} ${rowName}`}
      data-testid={testId}
    >
      {verb}
    </Button>
  );
}

/** A row's Edit button. */
export const EditRowButton = ({ variant = 'secondary', ...props }: RowButtonProps) => (
  <RowButton verb="Edit" variant={variant} {...props} />
);

/** A row's Delete button (it opens the confirmation, never deletes by itself). */
export const DeleteRowButton = ({ variant = 'ghost', ...props }: RowButtonProps) => (
  <RowButton verb="Delete" variant={variant} {...props} />
);

/** A row's Active switch: locked while the user may not change it or a change is on its way. */
export function ActiveSwitch({
  rowName,
  active,
  canChange,
  pending,
  onChange,
  testId,
}: {
  rowName: string;
  active: boolean;
  canChange: boolean;
  pending: boolean;
  onChange: (active: boolean) => void;
  testId?: string;
}) {
  return (
    <Switch
      label={active ? 'Active' : 'Inactive'}
      aria-label={`${rowName} is active`}
      checked={active}
      disabled={!canChange || pending}
      onCheckedChange={onChange}
      data-testid={testId}
    />
  );
}
