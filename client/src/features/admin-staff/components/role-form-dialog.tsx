import {
  ACTIONS,
  type Action,
  actionsOf,
  hasPermission,
  MODULES,
  type Module,
  type Permissions,
} from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { Role } from '../api/staff-api';
import { useSaveRole } from '../api/use-staff';
import {
  ACTION_LABELS,
  type Access,
  canGrantAll,
  compactPermissions,
  isGranted,
  MODULE_LABELS,
  rowState,
  setGrant,
  setRow,
} from './permission-grid';

interface RoleFormDialogProps {
  /** null: a new role. */
  role: Role | null;
  access: Access;
  onClose: () => void;
}

export function RoleFormDialog({ role, access, onClose }: RoleFormDialogProps) {
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<Permissions>(role?.permissions ?? {});
  const [superAdmin, setSuperAdmin] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveRole();
  const beyondYou = role !== null && !canGrantAll(access, role);
  const editable = (module: Module, action: Action) =>
    !superAdmin && hasPermission(access.permissions, access.isSuperAdmin, { module, action });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError('Enter a name for the role.');
      return;
    }
    setNameError(null);
    const input = {
      name: name.trim(),
      permissions: compactPermissions(permissions),
      ...(superAdmin ? { isSuperAdmin: true } : {}),
    };
    save.mutate({ id: role?._id ?? null, input }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={role === null ? 'Add role' : `Edit role ${role.name}`}
      onClose={onClose}
      wide
      data-testid="role-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <TextField
          label="Role name"
          required
          value={name}
          maxLength={60}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
          data-testid="role-name"
        />
        {access.isSuperAdmin ? (
          <Switch
            label="Super Admin role"
            hint="Holds every permission, including ones added later. It cannot be edited or deleted afterwards."
            checked={superAdmin}
            onCheckedChange={setSuperAdmin}
            data-testid="role-super-admin"
          />
        ) : (
          <p className="field__hint">You can grant only the permissions you hold yourself.</p>
        )}
        {beyondYou ? (
          <Alert tone="info">This role holds permissions you do not have, so you cannot change it.</Alert>
        ) : null}
        {superAdmin ? (
          <Alert tone="warning">Everyone given this role can do everything, including managing staff.</Alert>
        ) : null}
        <PermissionGrid
          permissions={permissions}
          allOn={superAdmin}
          editable={editable}
          onChange={setPermissions}
        />
        <DialogFormActions
          onCancel={onClose}
          pending={save.isPending}
          label="Save role"
          disabled={beyondYou}
          testId="role-save"
        />
      </form>
    </Dialog>
  );
}

interface PermissionGridProps {
  permissions: Permissions;
  allOn: boolean;
  editable: (module: Module, action: Action) => boolean;
  onChange: (permissions: Permissions) => void;
}

function PermissionGrid({ permissions, allOn, editable, onChange }: PermissionGridProps) {
  return (
    <fieldset className="perm-grid">
      <legend>Permissions</legend>
      <div className="perm-grid__scroll">
        <table className="perm-grid__table">
          <thead>
            <tr>
              <th scope="col" className="perm-grid__cell perm-grid__head perm-grid__head--module">
                Module
              </th>
              <th scope="col" className="perm-grid__cell perm-grid__head">
                All
              </th>
              {ACTIONS.map((action) => (
                <th scope="col" key={action} className="perm-grid__cell perm-grid__head">
                  {ACTION_LABELS[action]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MODULES.map((module) => {
              const label = MODULE_LABELS[module];
              const state = allOn ? 'all' : rowState(permissions, module);
              const offered = actionsOf(module);
              const editableActions = offered.filter((action) => editable(module, action));
              // "All" means every box this editor may tick, so it can also clear them again.
              const allChecked =
                state === 'all' ||
                (editableActions.length > 0 &&
                  editableActions.every((action) => isGranted(permissions, module, action)));
              return (
                <tr key={module} className="perm-grid__row">
                  <th scope="row" className="perm-grid__cell perm-grid__module">
                    {label}
                  </th>
                  <td className="perm-grid__cell">
                    <input
                      type="checkbox"
                      className="perm-grid__check"
                      aria-label={`All ${label} permissions`}
                      checked={allChecked}
                      ref={(el) => {
                        if (el !== null) {
                          el.indeterminate = !allChecked && state === 'some';
                        }
                      }}
                      disabled={editableActions.length === 0}
                      onChange={(event) =>
                        onChange(
                          setRow(permissions, module, event.target.checked, (a) => editable(module, a)),
                        )
                      }
                      data-testid={`perm-${module}-all`}
                    />
                  </td>
                  {ACTIONS.map((action) =>
                    offered.includes(action) ? (
                      <td key={action} className="perm-grid__cell">
                        <input
                          type="checkbox"
                          className="perm-grid__check"
                          aria-label={`${ACTION_LABELS[action]} ${label}`}
                          checked={allOn || isGranted(permissions, module, action)}
                          disabled={!editable(module, action)}
                          onChange={(event) =>
                            onChange(setGrant(permissions, module, action, event.target.checked))
                          }
                          data-testid={`perm-${module}-${action}`}
                        />
                      </td>
                    ) : (
                      <td key={action} className="perm-grid__cell" />
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
