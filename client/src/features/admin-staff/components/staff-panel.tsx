import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { Pagination } from '../../../shared/ui/pagination';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import type { Role, StaffFilters, StaffUser } from '../api/staff-api';
import { useDeleteStaff, useRoles, useStaffPage, useUpdateStaff } from '../api/use-staff';
import type { Access } from './permission-grid';
import { StaffFormDialog } from './staff-form-dialog';
import type { StaffAbilities } from './staff-users-page';
import '../../../shared/ui/stacked-table.css';

const DEFAULT_PAGE_SIZE = 50;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null) => (iso === null ? 'Never' : dateTime.format(new Date(iso)));

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The list state lives in the URL (page, itemsPerPage and each filter), so it survives a reload. */
function useStaffFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('isActive');
  const filters: StaffFilters = {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get('itemsPerPage'), DEFAULT_PAGE_SIZE, 100),
    search: params.get('search') ?? '',
    roleId: params.get('roleId') ?? '',
    isActive: status === 'true' || status === 'false' ? status : '',
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

type Editing = { mode: 'create' } | { mode: 'edit'; staff: StaffUser };

interface StaffPanelProps {
  abilities: StaffAbilities;
  access: Access;
  selfEmail: string;
}

export function StaffPanel({ abilities, access, selfEmail }: StaffPanelProps) {
  const { filters, update } = useStaffFilters();
  const [searchText, setSearchText] = useState(filters.search);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const list = useStaffPage(filters);
  const roles = useRoles();
  const toggle = useUpdateStaff();
  const remove = useDeleteStaff();

  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // Back and forward change the URL under the box: follow it, keeping what is still being typed.
  useEffect(() => {
    setSearchText((typed) => (typed.trim() === filters.search ? typed : filters.search));
  }, [filters.search]);
  const onSearch = (value: string) => {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => update({ search: value.trim() }), 300);
  };

  const isSelf = (staff: StaffUser) => staff.email.toLowerCase() === selfEmail.toLowerCase();
  const page = list.data;

  return (
    <Card className="stack" aria-label="Staff">
      <div className="staff-toolbar">
        <div className="staff-filters">
          <TextField
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            value={searchText}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="staff-search"
          />
          <SelectField
            label="Role"
            value={filters.roleId}
            onChange={(event) => update({ roleId: event.target.value })}
            data-testid="staff-filter-role"
          >
            <option value="">All roles</option>
            {(roles.data ?? []).map((role) => (
              <option key={role._id} value={role._id}>
                {role.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={filters.isActive}
            onChange={(event) => update({ isActive: event.target.value })}
            data-testid="staff-filter-status"
          >
            <option value="">Any status</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </SelectField>
        </div>
        {abilities.create ? (
          <Button onClick={() => setEditing({ mode: 'create' })} data-testid="add-staff">
            Add staff member
          </Button>
        ) : null}
      </div>

      {list.isPending ? <LoadingBlock label="Loading staff…" /> : null}
      {list.isError ? (
        <Alert tone="error">
          <p>Staff could not be loaded.</p>
          <Button small variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {page !== undefined && page.data.length === 0 ? (
        <p className="muted" data-testid="staff-empty">
          No staff members match these filters.
        </p>
      ) : null}
      {page !== undefined && page.data.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table stacked-table" data-testid="staff-table" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Staff member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((staff) => (
                <tr key={staff._id} data-testid="staff-row">
                  <th scope="row" className="staff-who">
                    <span className="staff-name">
                      {staff.username}
                      {isSelf(staff) ? <span className="staff-badge">You</span> : null}
                    </span>
                    <span className="staff-email">{staff.email}</span>
                  </th>
                  <td data-label="Role">
                    <span
                      className={staff.role.isSuperAdmin ? 'staff-badge staff-badge--super' : 'staff-badge'}
                    >
                      {staff.role.name}
                    </span>
                  </td>
                  <td data-label="Status">
                    <Switch
                      label={staff.isActive ? 'Active' : 'Inactive'}
                      aria-label={`${staff.username} is active`}
                      checked={staff.isActive}
                      disabled={!abilities.update || isSelf(staff) || toggle.isPending}
                      onCheckedChange={(checked) =>
                        toggle.mutate({ id: staff._id, changes: { isActive: checked } })
                      }
                      data-testid="staff-active-switch"
                    />
                  </td>
                  <td data-label="Last sign-in">{formatDate(staff.lastLoginAt)}</td>
                  <td className="staff-actions">
                    {abilities.update ? (
                      <Button
                        small
                        variant="secondary"
                        onClick={() => setEditing({ mode: 'edit', staff })}
                        aria-label={`Edit ${staff.username}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {abilities.delete && !isSelf(staff) ? (
                      <Button
                        small
                        variant="ghost"
                        className="staff-danger-link"
                        onClick={() => setDeleting(staff)}
                        aria-label={`Delete ${staff.username}`}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page !== undefined && page.total > 0 ? (
        <Pagination
          total={page.total}
          currentPage={page.currentPage}
          totalPages={page.totalPages}
          itemsPerPage={page.itemsPerPage}
          onPage={(next) => update({ page: String(next) }, false)}
          onPageSize={(size) => update({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
          noun="staff members"
        />
      ) : null}

      {editing !== null ? (
        <StaffFormDialog
          staff={editing.mode === 'edit' ? editing.staff : null}
          roles={roles.data ?? ([] as Role[])}
          access={access}
          isSelf={editing.mode === 'edit' && isSelf(editing.staff)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete staff member"
          confirmLabel="Delete"
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) })}
        >
          <p>
            Delete <strong>{deleting.username}</strong> ({deleting.email})? They are signed out at once and
            cannot sign in again. This cannot be undone; to keep their history, deactivate them instead.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
