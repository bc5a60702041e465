import { useState } from 'react';
import {
  ActiveSwitch,
  DeleteConfirmDialog,
  DeleteRowButton,
  defineListSchema,
  EditRowButton,
  ListPager,
  ListSearch,
  ListTable,
  textField,
  useCan,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useReferenceList, useReferenceMutations } from '../api/use-reference';
import type { Draft, ReferenceConfig } from './reference-config';
import { ReferenceFormDialog } from './reference-form-dialog';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './reference.css';

const REFERENCE_LIST = defineListSchema({ search: textField(100) });

type Editing<T> = { row: T | null };

export function ReferencePage<T extends { _id: string }, D extends Draft>({
  config,
}: {
  config: ReferenceConfig<T, D>;
}) {
  const can = useCan(config.module);
  const { query: filters, update, pager } = useListUrlState(REFERENCE_LIST);
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const list = useReferenceList<T>(config.endpoint, filters);
  const { toggle, remove } = useReferenceMutations(config.endpoint, config.noun);
  const deletion = useDeleteConfirm<T>(remove);
  if (can === null) {
    return null;
  }
  const page = list.data;

  return (
    <div className="stack">
      <PageHeading title={config.title}>{config.about}</PageHeading>
      <Card className="stack" aria-label={config.title}>
        <div className="list-toolbar">
          <ListSearch
            className="list-search"
            placeholder={config.searchPlaceholder}
            value={filters.search}
            onSearch={(search) => update({ search })}
            testId="reference-search"
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
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table ref-table stacked-table"
          testId="reference-table"
          columns={[...config.columns.map((column) => column.label), ...(config.isActive ? ['Status'] : [])]}
        >
          {(row) => (
            <tr key={row._id} data-testid="reference-row">
              {config.columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.label} scope="row" className="ref-table__name stacked-table__title">
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
                  <ActiveSwitch
                    rowName={config.rowName(row)}
                    active={config.isActive(row)}
                    canChange={can('update')}
                    pending={toggle.isPending}
                    onChange={(isActive) => toggle.mutate({ id: row._id, changes: { isActive } })}
                    testId="reference-active-switch"
                  />
                </td>
              ) : null}
              <td className="ref-table__actions row-actions">
                {config.rowActions?.(row)}
                {can('update') ? (
                  <EditRowButton
                    rowName={config.rowName(row)}
                    onClick={() => setEditing({ row })}
                    testId="reference-edit"
                  />
                ) : null}
                {can('delete') ? (
                  <DeleteRowButton
                    rowName={config.rowName(row)}
                    className="danger-action"
                    onClick={() => deletion.ask(row)}
                    testId="reference-delete"
                  />
                ) : null}
              </td>
            </tr>
          )}
        </ListTable>
        <ListPager page={page} pager={pager} noun={config.plural} />
      </Card>

      {editing !== null ? (
        <ReferenceFormDialog config={config} row={editing.row} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteConfirmDialog state={deletion} title={`Delete ${config.noun.toLowerCase()}`}>
        {(row) => (
          <p>
            Delete <strong>{config.rowName(row)}</strong>? This cannot be undone, and something still in use
            cannot be deleted.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
