import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { DEFAULT_PAGE_SIZE, pagingFromParams } from '../../../shared/query/list-params';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import type { Role, StaffFilters, StaffUser } from '../api/staff-api';
import { useDeleteStaff, useRoles, useStaffPage, useUpdateStaff } from '../api/use-staff';
import { type Access, staffLockReason } from './permission-grid';
import { StaffFormDialog } from './staff-form-dialog';
import type { StaffAbilities } from './staff-users-page';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null) => (iso === null ? 'Never' : dateTime.format(new Date(iso)));

/** The list state lives in the URL (page, itemsPerPage and each filter), so it survives a reload. */
function useStaffFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('isActive');
  const filters: StaffFilters = {
    ...pagingFromParams(params),
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
  const [searchText, onSearch] = useDebouncedSearch(filters.search, (search) => update({ search }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const list = useStaffPage(filters);
  const roles = useRoles();
  const toggle = useUpdateStaff();
  const remove = useDeleteStaff();

  const isSelf = (staff: StaffUser) => staff.email.toLowerCase() === selfEmail.toLowerCase();
  const rolesById = new Map((roles.data ?? []).map((role) => [role._id, role]));
  // The api is the authority; this only hides what it would refuse.
  const lockOf = (staff: StaffUser) => staffLockReason(access, rolesById.get(staff.role._id) ?? staff.role);
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
          <FilterSelect
            label="Role"
            value={filters.roleId}
            onChange={(event) => update({ roleId: event.target.value })}
            data-testid="staff-filter-role"
            allLabel="All roles"
            options={(roles.data ?? []).map((role) => ({ value: role._id, label: role.name }))}
          />
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

      <ListStatus
        query={list}
        loading="Loading staff…"
        error="Staff could not be loaded."
        empty="No staff members match these filters."
        emptyTestId="staff-empty"
      />
      {page !== undefined && page.data.length > 0 ? (
        <div className="staff-table-wrap">
          <table
            className="data-table staff-table stacked-table"
            data-testid="staff-table"
            aria-busy={list.isFetching}
          >
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
              {page.data.map((staff) => {
                const lock = lockOf(staff);
                return (
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
                        disabled={!abilities.update || isSelf(staff) || lock !== null || toggle.isPending}
                        onCheckedChange={(checked) =>
                          toggle.mutate({ id: staff._id, changes: { isActive: checked } })
                        }
                        data-testid="staff-active-switch"
                      />
                    </td>
                    <td data-label="Last sign-in">{formatDate(staff.lastLoginAt)}</td>
                    <td className="staff-actions">
                      {lock !== null && (abilities.update || abilities.delete) ? (
                        <span className="muted staff-locked" data-testid="staff-locked">
                          {lock}
                        </span>
                      ) : null}
                      {abilities.update && lock === null ? (
                        <Button
                          small
                          variant="secondary"
                          onClick={() => setEditing({ mode: 'edit', staff })}
                          aria-label={`Edit ${staff.username}`}
                        >
                          Edit
                        </Button>
                      ) : null}
                      {abilities.delete && !isSelf(staff) && lock === null ? (
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
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <ListPagination
        page={page}
        onPage={(next) => update({ page: String(next) }, false)}
        onPageSize={(size) => update({ itemsPerPage: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
        noun="staff members"
      />

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
