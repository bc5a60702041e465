import { type AdminPackage, formatPrice, hasPermission, type Permission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { ActiveSwitch, DeleteRowButton, EditRowButton, ListTable } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { useDeletePackage, usePackages, useSetPackageStatus } from '../api/use-payment-config';
import { PackageFormDialog } from './package-form-dialog';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './payment-config.css';

const UPDATE_PAYMENT_CONFIG: Permission = { module: 'paymentConfigurations', action: 'update' };

type Editing = { pkg: AdminPackage | null };

export function ContestServicesPage() {
  const auth = useAdminAuth();
  const canUpdate =
    auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_PAYMENT_CONFIG);
  const list = usePackages();
  const toggle = useSetPackageStatus();
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminPackage | null>(null);
  const packages = list.data?.data ?? [];
  const nextPosition = packages.reduce((max, p) => Math.max(max, p.position + 1), 0);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <div className="stack">
      <PageHeading title="Contest services">
        The packages of contest attempts students can buy, and their prices.
      </PageHeading>
      {!canUpdate ? <Alert tone="info">You can view the packages but not change them.</Alert> : null}
      <Card className="stack" aria-label="Packages">
        <div className="list-toolbar list-toolbar--center">
          <p className="muted">Only active packages are offered at checkout.</p>
          {canUpdate ? (
            <Button onClick={() => setEditing({ pkg: null })} data-testid="package-add">
              Add package
            </Button>
          ) : null}
        </div>
        <ListStatus
          query={list}
          loading="Loading packages…"
          error="The packages could not be loaded."
          empty="No packages yet. Students cannot buy attempts until one is added and active."
          emptyTestId="package-empty"
        />
        <ListTable
          rows={packages}
          busy={list.isFetching}
          className="data-table pkg-table stacked-table"
          testId="package-table"
          columns={['Package', 'Attempts', 'On sale for', 'Price', 'Status']}
          actions={canUpdate ? 'Actions' : null}
        >
          {(pkg) => (
            <tr key={pkg._id} data-testid="package-row">
              <th scope="row" className="pkg-table__name stacked-table__title">
                <span>{pkg.name}</span>
                {pkg.description !== '' ? <span className="pkg-table__about">{pkg.description}</span> : null}
              </th>
              <td data-label="Attempts">{pkg.attempts}</td>
              <td data-label="On sale for">{pkg.phase?.name ?? 'Every phase'}</td>
              <td data-label="Price" className="pkg-table__price" data-testid="package-row-price">
                {formatPrice(pkg.pricePaisa)}
              </td>
              <td data-label="Status">
                <ActiveSwitch
                  rowName={pkg.name}
                  active={pkg.isActive}
                  canChange={canUpdate}
                  pending={toggle.isPending}
                  onChange={(isActive) => toggle.mutate({ id: pkg._id, isActive })}
                  testId="package-active-switch"
                />
              </td>
              {canUpdate ? (
                <td className="pkg-table__actions row-actions">
                  <EditRowButton
                    rowName={pkg.name}
                    onClick={() => setEditing({ pkg })}
                    testId="package-edit"
                  />
                  <DeleteRowButton
                    rowName={pkg.name}
                    className="danger-action"
                    onClick={() => setDeleting(pkg)}
                    testId="package-delete"
                  />
                </td>
              ) : null}
            </tr>
          )}
        </ListTable>
      </Card>

      {editing !== null ? (
        <PackageFormDialog
          pkg={editing.pkg}
          phases={list.data?.phases ?? []}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete package"
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>{deleting.name}</strong> ({formatPrice(deleting.pricePaisa)})? This cannot be
            undone. A package someone has paid for cannot be deleted: switch it off instead.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
