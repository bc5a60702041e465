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
import type { PromoCode } from '../api/promo-codes-api';
import { useDeletePromo, usePackageOptions, usePromoPage, useSetPromoStatus } from '../api/use-promo-codes';
import { PromoCodeFormDialog } from './promo-code-form-dialog';
import { discountLabel, usesLabel, validityLabel } from './promo-form-model';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './promo-codes.css';

const PROMO_LIST = defineListSchema({ search: textField(100) });

type Editing = { promo: PromoCode | null };

export function PromoCodesPage() {
  const can = useCan('promoCode');
  const { query: filters, update, pager } = useListUrlState(PROMO_LIST);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = usePromoPage(filters);
  const packages = usePackageOptions();
  const toggle = useSetPromoStatus();
  const deletion = useDeleteConfirm<PromoCode>(useDeletePromo());
  if (can === null) {
    return null;
  }
  const page = list.data;

  return (
    <div className="stack">
      <PageHeading title="Promo codes">
        Discounts students enter at checkout: a percentage or a fixed amount, for a time, a number of uses and
        chosen packages.
      </PageHeading>
      <Card className="stack" aria-label="Promo codes">
        <div className="list-toolbar">
          <ListSearch
            className="list-search"
            placeholder="Code or description"
            value={filters.search}
            onSearch={(search) => update({ search })}
            testId="list-search"
          />
          {can('create') ? (
            <Button onClick={() => setEditing({ promo: null })} data-testid="promo-add">
              Add promo code
            </Button>
          ) : null}
        </div>

        <ListStatus
          query={list}
          loading="Loading promo codes…"
          error="The promo codes could not be loaded."
          empty={filters.search ? 'No promo codes match this search.' : 'No promo codes yet.'}
          emptyTestId="promo-empty"
        />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table promo-table stacked-table stacked-table--wide"
          testId="promo-table"
          columns={['Code', 'Discount', 'Valid', 'Uses', 'Packages', 'Status']}
        >
          {(promo) => (
            <tr key={promo._id} data-testid="promo-row">
              <th scope="row" className="promo-table__code stacked-table__title">
                <span className="promo-code">{promo.code}</span>
                {promo.description ? <span className="cell-note">{promo.description}</span> : null}
              </th>
              <td data-label="Discount">{discountLabel(promo)}</td>
              <td data-label="Valid">{validityLabel(promo)}</td>
              <td data-label="Uses">
                <span>
                  {usesLabel(promo)}
                  {promo.maxUsesPerStudent > 1 ? (
                    <span className="promo-note cell-note">{promo.maxUsesPerStudent} per student</span>
                  ) : null}
                </span>
              </td>
              <td data-label="Packages" className="promo-table__packages">
                {promo.packages.length === 0 ? 'All packages' : promo.packages.map((p) => p.name).join(', ')}
              </td>
              <td data-label="Status">
                <ActiveSwitch
                  rowName={promo.code}
                  active={promo.isActive}
                  canChange={can('update')}
                  pending={toggle.isPending}
                  onChange={(isActive) => toggle.mutate({ id: promo._id, isActive })}
                  testId="promo-active-switch"
                />
              </td>
              <td className="promo-table__actions row-actions">
                {can('update') ? (
                  <EditRowButton
                    rowName={promo.code}
                    onClick={() => setEditing({ promo })}
                    testId="promo-edit"
                  />
                ) : null}
                {can('delete') ? (
                  <DeleteRowButton
                    rowName={promo.code}
                    className="danger-action"
                    onClick={() => deletion.ask(promo)}
                    testId="promo-delete"
                  />
                ) : null}
              </td>
            </tr>
          )}
        </ListTable>
        <ListPager page={page} pager={pager} noun="promo codes" />
      </Card>

      {editing !== null ? (
        <PromoCodeFormDialog
          promo={editing.promo}
          packages={packages.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteConfirmDialog state={deletion} title="Delete promo code">
        {(promo) => (
          <p>
            Delete <strong>{promo.code}</strong>? This cannot be undone. A code that has been used cannot be
            deleted; switch it off instead.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
