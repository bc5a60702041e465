import { MODULES } from '@riyazi/api/contracts';
import { useState } from 'react';
import {
  DeleteConfirmDialog,
  DeleteRowButton,
  EditRowButton,
  useDeleteConfirm,
} from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import type { Role } from '../api/staff-api';
import { useDeleteRole, useRoles } from '../api/use-staff';
import { type Access, canGrantAll, grantCount, MODULE_LABELS, rowState } from './permission-grid';
import { RoleFormDialog } from './role-form-dialog';
import type { StaffAbilities } from './staff-users-page';
import '../../../shared/admin-list/admin-list.css';

function summary(role: Role): string {
  if (role.isSuperAdmin) {
    return 'Every permission, including ones added later';
  }
  const modules = MODULES.filter((m) => rowState(role.permissions, m) !== 'none').map(
    (m) => MODULE_LABELS[m],
  );
  if (modules.length === 0) {
    return 'No permissions';
  }
  const count = grantCount(role.permissions);
  const listed =
    modules.length > 4
      ? `${modules.slice(0, 4).join(', ')} and ${modules.length - 4} more`
      : modules.join(', ');
  return `${count} permission${count === 1 ? '' : 's'}: ${listed}`;
}

const staffCount = (n: number) => `${n} staff member${n === 1 ? '' : 's'}`;

export function RolesPanel({ abilities, access }: { abilities: StaffAbilities; access: Access }) {
  const roles = useRoles();
  const deletion = useDeleteConfirm<Role>(useDeleteRole());
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);

  return (
    <Card className="stack" aria-label="Roles">
      <div className="list-toolbar list-toolbar--center">
        <p className="muted staff-toolbar__note">
          A role is a set of permissions. Changes apply to everyone holding the role from their next action.
        </p>
        {abilities.create ? (
          <Button onClick={() => setEditing({ role: null })} data-testid="add-role">
            Add role
          </Button>
        ) : null}
      </div>
      {roles.isPending ? <LoadingBlock label="Loading roles…" /> : null}
      {roles.isError ? (
        <Alert tone="error">
          <p>Roles could not be loaded.</p>
          <Button small variant="secondary" onClick={() => void roles.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {roles.data?.length === 0 ? <p className="muted">No roles yet.</p> : null}
      {roles.data !== undefined && roles.data.length > 0 ? (
        <ul className="role-list" data-testid="role-list">
          {roles.data.map((role) => (
            <li key={role._id} className="role-item" data-testid="role-item">
              <div className="role-item__main">
                <h3 className="role-item__name">
                  {role.name}
                  {role.isSuperAdmin ? (
                    <span className="staff-badge staff-badge--super">All permissions</span>
                  ) : null}
                </h3>
                <p className="muted role-item__summary">{summary(role)}</p>
              </div>
              <p className="role-item__count">{staffCount(role.userCount)}</p>
              <div className="staff-actions">
                {abilities.update && !role.isSuperAdmin ? (
                  <EditRowButton rowName={`role ${role.name}`} onClick={() => setEditing({ role })} />
                ) : null}
                {abilities.delete && !role.isSuperAdmin && canGrantAll(access, role) ? (
                  <DeleteRowButton
                    rowName={`role ${role.name}`}
                    className="danger-action"
                    onClick={() => deletion.ask(role)}
                  />
                ) : null}
                {role.isSuperAdmin ? (
                  <span className="muted role-item__fixed">Cannot be edited or deleted</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {editing !== null ? (
        <RoleFormDialog role={editing.role} access={access} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteConfirmDialog
        state={deletion}
        title="Delete role"
        confirmLabel="Delete role"
        showError={false}
        allowed={(role) => role.userCount === 0}
      >
        {(role) =>
          role.userCount === 0 ? (
            <p>
              Delete the role <strong>{role.name}</strong>? This cannot be undone.
            </p>
          ) : (
            <Alert tone="warning">
              <strong>{role.name}</strong> is held by {staffCount(role.userCount)}. Move them to another role
              first, then delete it.
            </Alert>
          )
        }
      </DeleteConfirmDialog>
    </Card>
  );
}
