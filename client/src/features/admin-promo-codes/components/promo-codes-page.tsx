import { type Action, hasPermission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { describeError } from '../../../shared/http/http-error';
import { applyListChange, DEFAULT_PAGE_SIZE, pagingFromParams } from '../../../shared/query/list-params';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import type { PromoCode, PromoFilters } from '../api/promo-codes-api';
import { useDeletePromo, usePackageOptions, usePromoPage, useSetPromoStatus } from '../api/use-promo-codes';
import { PromoCodeFormDialog } from './promo-code-form-dialog';
import { discountLabel, usesLabel, validityLabel } from './promo-form-model';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './promo-codes.css';

/** Page, page size and search live in the URL, so the list survives a reload. */
function usePromoFilters() {
  const [params, setParams] = useSearchParams();
  const filters: PromoFilters = { ...pagingFromParams(params), search: params.get('search') ?? '' };
  const update = (change: Record<string, string>) => setParams((current) => applyListChange(current, change));
  return { filters, update };
}

type Editing = { promo: PromoCode | null };

export function PromoCodesPage() {
  const auth = useAdminAuth();
  const { filters, update } = usePromoFilters();
  const [searchText, onSearch] = useDebouncedSearch(filters.search, (search) => update({ search }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const list = usePromoPage(filters);
  const packages = usePackageOptions();
  const toggle = useSetPromoStatus();
  const remove = useDeletePromo();
  if (auth === null) {
    return null;
  }
  const can = (action: Action) =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'promoCode', action });
  const page = list.data;
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <div className="stack">
      <PageHeading title="Promo codes">
        Discounts students enter at checkout: a percentage or a fixed amount, for a time, a number of uses and
        chosen packages.
      </PageHeading>
      <Card className="stack" aria-label="Promo codes">
        <div className="promo-toolbar">
          <TextField
            className="promo-search"
            label="Search"
            type="search"
            placeholder="Code or description"
            value={searchText}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="promo-search"
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
        {page !== undefined && page.data.length > 0 ? (
          <table
            className="data-table promo-table stacked-table stacked-table--wide"
            data-testid="promo-table"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Packages</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((promo) => (
                <tr key={promo._id} data-testid="promo-row">
                  <th scope="row" className="promo-table__code">
                    <span className="promo-code">{promo.code}</span>
                    {promo.description ? (
                      <span className="promo-description">{promo.description}</span>
                    ) : null}
                  </th>
                  <td data-label="Discount">{discountLabel(promo)}</td>
                  <td data-label="Valid">{validityLabel(promo)}</td>
                  <td data-label="Uses">
                    <span>
                      {usesLabel(promo)}
                      {promo.maxUsesPerStudent > 1 ? (
                        <span className="promo-note">{promo.maxUsesPerStudent} per student</span>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Packages" className="promo-table__packages">
                    {promo.packages.length === 0
                      ? 'All packages'
                      : promo.packages.map((p) => p.name).join(', ')}
                  </td>
                  <td data-label="Status">
                    <Switch
                      label={promo.isActive ? 'Active' : 'Inactive'}
                      aria-label={`${promo.code} is active`}
                      checked={promo.isActive}
                      disabled={!can('update') || toggle.isPending}
                      onCheckedChange={(isActive) => toggle.mutate({ id: promo._id, isActive })}
                      data-testid="promo-active-switch"
                    />
                  </td>
                  <td className="promo-table__actions">
                    {can('update') ? (
                      <Button
                        small
                        variant="secondary"
                        onClick={() => setEditing({ promo })}
                        aria-label={`Edit ${promo.code}`}
                        data-testid="promo-edit"
                      >
                        Edit
                      </Button>
                    ) : null}
                    {can('delete') ? (
                      <Button
                        small
                        variant="ghost"
                        className="promo-danger"
                        onClick={() => setDeleting(promo)}
                        aria-label={`Delete ${promo.code}`}
                        data-testid="promo-delete"
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
          onPage={(next) => update({ page: String(next) })}
          onPageSize={(size) => update({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
          noun="promo codes"
        />
      </Card>

      {editing !== null ? (
        <PromoCodeFormDialog
          promo={editing.promo}
          packages={packages.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete promo code"
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>{deleting.code}</strong>? This cannot be undone. A code that has been used cannot
            be deleted; switch it off instead.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
