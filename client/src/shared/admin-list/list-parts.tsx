import type { ReactNode } from 'react';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { Button, type ButtonVariant } from '../ui/button';
import { SelectField, Switch, TextField } from '../ui/field';
import { ListPagination } from '../ui/pagination';
import type { PagerWiring, SortState } from './use-list-url-state';

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

/** Pagination under a list, wired to the list's URL state (a page past the end offers the last one). */
export function ListPager({
  page,
  pager,
  noun,
  testId,
}: {
  page: PageEnvelope;
  pager: PagerWiring;
  noun: string;
  testId?: string;
}) {
  return (
    <ListPagination
      page={page}
      onPage={pager.onPage}
      onPageSize={pager.onPageSize}
      noun={noun}
      testId={testId}
    />
  );
}

/** A column header: its label, or the label with a class and the sort column its header orders by. */
export type Column = string | { label: string; className?: string; sort?: string };

/** A column header that orders the list by its column: click to sort, again to turn round. */
export function SortableHeader({
  label,
  column,
  className,
  sort,
  testId = `sort-${column}`,
}: {
  label: string;
  column: string;
  className?: string;
  sort: Pick<SortState, 'by' | 'dir' | 'onSort'>;
  testId?: string;
}) {
  const active = sort.by === column;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" className={className} aria-sort={ariaSort}>
      <button type="button" className="list-sort" onClick={() => sort.onSort(column)} data-testid={testId}>
        {label}
        <span aria-hidden="true" className="list-sort__arrow">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

function ColumnHeader({ column, sort }: { column: Column; sort: SortState | null | undefined }) {
  if (typeof column === 'string') {
    return <th scope="col">{column}</th>;
  }
  if (column.sort !== undefined && sort) {
    return (
      <SortableHeader label={column.label} column={column.sort} className={column.className} sort={sort} />
    );
  }
  return (
    <th scope="col" className={column.className}>
      {column.label}
    </th>
  );
}

const labelOf = (column: Column) => (typeof column === 'string' ? column : column.label);

/**
 * A list's table: column headers (sortable ones are buttons, with aria-sort), a hidden one for the
 * actions column, then a row per item. Nothing while the page loads or when it is empty (ListStatus
 * says so).
 */
export function ListTable<T>({
  rows,
  busy,
  className,
  testId,
  columns,
  sort,
  actions = 'Actions',
  actionsClassName,
  wrapClassName,
  children,
}: {
  rows: readonly T[] | undefined;
  /** The list is being re-read (aria-busy); left out for a list that is only read once. */
  busy?: boolean;
  className: string;
  testId: string;
  columns: readonly Column[];
  /** The list's order (useListUrlState's sort): columns naming a sort become sortable. */
  sort?: SortState | null;
  /** The hidden header of the last column; null when rows have no actions. */
  actions?: string | null;
  actionsClassName?: string;
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
          {columns.map((column) => (
            <ColumnHeader key={labelOf(column)} column={column} sort={sort} />
          ))}
          {actions === null ? null : (
            <th scope="col" className={actionsClassName}>
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

/**
 * The order as a menu, for phones: there the table's rows become cards and its headers are hidden.
 * Each column twice, A to Z (low to high) and back.
 */
export function ListSortSelect({
  sort,
  columns,
  testId,
}: {
  sort: SortState | null;
  columns: readonly { column: string; label: string }[];
  testId: string;
}) {
  if (sort === null) {
    return null;
  }
  return (
    <SelectField
      className="list-sort-select"
      label="Sort by"
      value={`${sort.by} ${sort.dir}`}
      onChange={(event) => {
        const [column = sort.by, dir] = event.target.value.split(' ');
        sort.onChoose(column, dir === 'asc' ? 'asc' : 'desc');
      }}
      data-testid={testId}
    >
      {columns.flatMap(({ column, label }) => [
        <option key={`${column} asc`} value={`${column} asc`}>
          {label}, ascending
        </option>,
        <option key={`${column} desc`} value={`${column} desc`}>
          {label}, descending
        </option>,
      ])}
    </SelectField>
  );
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
