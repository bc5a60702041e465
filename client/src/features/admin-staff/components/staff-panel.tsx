import { useState } from 'react';
import {
  ActiveSwitch,
  choiceField,
  DeleteConfirmDialog,
  DeleteRowButton,
  defineListSchema,
  EditRowButton,
  ListPager,
  ListSearch,
  ListTable,
  rawField,
  textField,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { Card } from '../../../shared/ui/surface';
import type { Role, StaffUser } from '../api/staff-api';
import { useDeleteStaff, useRoles, useStaffPage, useUpdateStaff } from '../api/use-staff';
import { type Access, canSetPasswordOf, staffLockReason } from './permission-grid';
import { ResetLinkDialog } from './reset-link-dialog';
import { StaffFormDialog } from './staff-form-dialog';
import type { StaffAbilities } from './staff-users-page';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import { formatDateTime } from '../../../shared/format/date-time';

const STAFF_LIST = defineListSchema({
  search: textField(100),
  roleId: rawField,
  isActive: choiceField(['true', 'false'] as const),
});

const formatDate = (iso: string | null) => formatDateTime(iso, 'Never');

type Editing = { mode: 'create' } | { mode: 'edit'; staff: StaffUser };

interface StaffPanelProps {
  abilities: StaffAbilities;
  access: Access;
  selfEmail: string;
}

export function StaffPanel({ abilities, access, selfEmail }: StaffPanelProps) {
  const { query: filters, update, pager, bind } = useListUrlState(STAFF_LIST);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [resetFor, setResetFor] = useState<StaffUser | null>(null);
  const list = useStaffPage(filters);
  const roles = useRoles();
  const toggle = useUpdateStaff();
  const deletion = useDeleteConfirm<StaffUser>(useDeleteStaff());

  const isSelf = (staff: StaffUser) => staff.email.toLowerCase() === selfEmail.toLowerCase();
  const rolesById = new Map((roles.data ?? []).map((role) => [role._id, role]));
  // The api is the authority; this only hides what it would refuse.
  const roleOf = (staff: StaffUser) => rolesById.get(staff.role._id) ?? staff.role;
  const lockOf = (staff: StaffUser) => staffLockReason(access, roleOf(staff));
  const page = list.data;

  return (
    <Card className="stack" aria-label="Staff">
      <div className="list-toolbar">
        <div className="staff-filters">
          <ListSearch
            placeholder="Name or e-mail"
            value={filters.search}
            onSearch={(search) => update({ search })}
            testId="staff-search"
          />
          <FilterSelect
            label="Role"
            {...bind('roleId', 'staff-filter-role')}
            allLabel="All roles"
            options={(roles.data ?? []).map((role) => ({ value: role._id, label: role.name }))}
          />
          <SelectField label="Status" {...bind('isActive', 'staff-filter-status')}>
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
      <ListTable
        rows={page?.data}
        busy={list.isFetching}
        className="data-table staff-table stacked-table"
        testId="staff-table"
        columns={['Staff member', 'Role', 'Status', 'Last sign-in']}
        wrapClassName="staff-table-wrap"
      >
        {(staff) => {
          const lock = lockOf(staff);
          return (
            <tr key={staff._id} data-testid="staff-row">
              <th scope="row" className="staff-who stacked-table__title">
                <span className="staff-name">
                  {staff.username}
                  {isSelf(staff) ? <span className="staff-badge">You</span> : null}
                </span>
                <span className="cell-note">{staff.email}</span>
              </th>
              <td data-label="Role">
                <span className={staff.role.isSuperAdmin ? 'staff-badge staff-badge--super' : 'staff-badge'}>
                  {staff.role.name}
                </span>
              </td>
              <td data-label="Status">
                <ActiveSwitch
                  rowName={staff.username}
                  active={staff.isActive}
                  canChange={abilities.update && !isSelf(staff) && lock === null}
                  pending={toggle.isPending}
                  onChange={(isActive) => toggle.mutate({ id: staff._id, changes: { isActive } })}
                  testId="staff-active-switch"
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
                  <EditRowButton
                    rowName={staff.username}
                    onClick={() => setEditing({ mode: 'edit', staff })}
                  />
                ) : null}
                {abilities.update && staff.isActive ? (
                  <Button
                    small
                    variant="ghost"
                    onClick={() => setResetFor(staff)}
                    aria-label={`Send reset link to ${staff.username}`}
                    data-testid="staff-reset-link"
                  >
                    Send reset link
                  </Button>
                ) : null}
                {abilities.delete && !isSelf(staff) && lock === null ? (
                  <DeleteRowButton
                    rowName={staff.username}
                    className="danger-action"
                    onClick={() => deletion.ask(staff)}
                  />
                ) : null}
              </td>
            </tr>
          );
        }}
      </ListTable>
      <ListPager page={page} pager={pager} noun="staff members" />

      {editing !== null ? (
        <StaffFormDialog
          staff={editing.mode === 'edit' ? editing.staff : null}
          roles={roles.data ?? ([] as Role[])}
          access={access}
          isSelf={editing.mode === 'edit' && isSelf(editing.staff)}
          canSetPassword={
            editing.mode === 'create' ||
            canSetPasswordOf(access, roleOf(editing.staff), isSelf(editing.staff))
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      {resetFor !== null ? (
        <ResetLinkDialog staff={resetFor} isSelf={isSelf(resetFor)} onClose={() => setResetFor(null)} />
      ) : null}
      <DeleteConfirmDialog state={deletion} title="Delete staff member" showError={false}>
        {(staff) => (
          <p>
            Delete <strong>{staff.username}</strong> ({staff.email})? They are signed out at once and cannot
            sign in again. This cannot be undone; to keep their history, deactivate them instead.
          </p>
        )}
      </DeleteConfirmDialog>
    </Card>
  );
}
