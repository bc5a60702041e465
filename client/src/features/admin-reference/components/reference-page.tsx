import { type Action, hasPermission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { describeError } from '../../../shared/http/http-error';
import { DEFAULT_PAGE_SIZE, pagingFromParams } from '../../../shared/query/list-params';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import type { ListFilters } from '../api/reference-api';
import { useReferenceList, useReferenceMutations } from '../api/use-reference';
import type { Draft, ReferenceConfig } from './reference-config';
import { ReferenceFormDialog } from './reference-form-dialog';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './reference.css';

/** Page, page size and search live in the URL, so the list survives a reload. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ListFilters = {
    ...pagingFromParams(params),
    search: params.get('search') ?? '',
  };
  const update = (changes: Record<string, string>, resetPage = true) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ ...(resetPage ? { page: '' } : {}), ...changes })) {
        if (value === '') {
          next.delete(key);
        } else {
          next.set(key, value);
        }
      }
      return next;
    });
  };
  return { filters, update };
}

type Editing<T> = { row: T | null };

export function ReferencePage<T extends { _id: string }, D extends Draft>({
  config,
}: {
  config: ReferenceConfig<T, D>;
}) {
  const auth = useAdminAuth();
  const { filters, update } = useListFilters();
  const [searchText, onSearch] = useDebouncedSearch(filters.search, (search) => update({ search }));
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const list = useReferenceList<T>(config.endpoint, filters);
  const { toggle, remove } = useReferenceMutations(config.endpoint, config.noun);
  if (auth === null) {
    return null;
  }
  const can = (action: Action) =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module: config.module, action });
  const page = list.data;
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <div className="stack">
      <PageHeading title={config.title}>{config.about}</PageHeading>
      <Card className="stack" aria-label={config.title}>
        <div className="ref-toolbar">
          <TextField
            className="ref-search"
            label="Search"
            type="search"
            placeholder={config.searchPlaceholder}
            value={searchText}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="reference-search"
          />
          {can('create') ? (
            <Button onClick={() => setEditing({ row: null })} data-testid="reference-add">
              Add {config.noun.toLowerCase()}
            </Button>
          ) : null}
        </div>

        <ListStatus
          query={list}
          loading={`Loading ${config.plural}…`}
          error={`The ${config.plural} could not be loaded.`}
          empty={`No ${config.plural} ${filters.search ? 'match this search' : 'yet'}.`}
          emptyTestId="reference-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <table
            className="data-table ref-table stacked-table"
            data-testid="reference-table"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                {config.columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                {config.isActive ? <th scope="col">Status</th> : null}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={row._id} data-testid="reference-row">
                  {config.columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.label} scope="row" className="ref-table__name">
                        {column.render(row)}
                      </th>
                    ) : (
                      <td key={column.label} data-label={column.label}>
                        {column.render(row)}
                      </td>
                    ),
                  )}
                  {config.isActive ? (
                    <td data-label="Status">
                      <Switch
                        label={config.isActive(row) ? 'Active' : 'Inactive'}
                        aria-label={`${config.rowName(row)} is active`}
                        checked={config.isActive(row)}
                        disabled={!can('update') || toggle.isPending}
                        onCheckedChange={(checked) =>
                          toggle.mutate({ id: row._id, changes: { isActive: checked } })
                        }
                        data-testid="reference-active-switch"
                      />
                    </td>
                  ) : null}
                  <td className="ref-table__actions">
                    {can('update') ? (
                      <Button
                        small
                        variant="secondary"
                        onClick={() => setEditing({ row })}
                        aria-label={`Edit ${config.rowName(row)}`}
                        data-testid="reference-edit"
                      >
                        Edit
                      </Button>
                    ) : null}
                    {can('delete') ? (
                      <Button
                        small
                        variant="ghost"
                        className="ref-danger"
                        onClick={() => setDeleting(row)}
                        aria-label={`Delete ${config.rowName(row)}`}
                        data-testid="reference-delete"
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <ListPagination
          page={page}
          onPage={(next) => update({ page: String(next) }, false)}
          onPageSize={(size) => update({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
          noun={config.plural}
        />
      </Card>

      {editing !== null ? (
        <ReferenceFormDialog config={config} row={editing.row} onClose={() => setEditing(null)} />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title={`Delete ${config.noun.toLowerCase()}`}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>{config.rowName(deleting)}</strong>? This cannot be undone, and something still in
            use cannot be deleted.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
