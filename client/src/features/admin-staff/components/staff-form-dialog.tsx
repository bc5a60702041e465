import { nameProblem } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { adminNameProblem } from '../../../shared/forms/problem-text';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { Role, StaffChanges, StaffUser } from '../api/staff-api';
import { useCreateStaff, useUpdateStaff } from '../api/use-staff';
import { type Access, canGrantAll } from './permission-grid';

const MIN_PASSWORD = 10;

interface Draft {
  email: string;
  username: string;
  password: string;
  roleId: string;
  isActive: boolean;
}

type Errors = Partial<Record<keyof Draft, string>>;

function validate(draft: Draft, creating: boolean): Errors {
  const errors: Errors = {};
  if (creating && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(draft.email.trim())) {
    errors.email = 'Enter a valid e-mail address.';
  }
  const nameIssue = nameProblem(draft.username);
  if (nameIssue !== null) {
    errors.username = adminNameProblem(nameIssue);
  }
  if (creating || draft.password !== '') {
    if (draft.password.length < MIN_PASSWORD) {
      errors.password = `Use at least ${MIN_PASSWORD} characters.`;
    } else if (creating && draft.password.toLowerCase() === draft.email.trim().toLowerCase()) {
      errors.password = 'The password must not be the e-mail address.';
    }
  }
  if (draft.roleId === '') {
    errors.roleId = 'Choose a role.';
  }
  return errors;
}

interface StaffFormDialogProps {
  /** null: adding a new staff member. */
  staff: StaffUser | null;
  roles: Role[];
  access: Access;
  isSelf: boolean;
  /** Only staff below the signed-in user may be given a password here; others get a reset link. */
  canSetPassword: boolean;
  onClose: () => void;
}

export function StaffFormDialog({
  staff,
  roles,
  access,
  isSelf,
  canSetPassword,
  onClose,
}: StaffFormDialogProps) {
  const creating = staff === null;
  const [draft, setDraft] = useState<Draft>({
    email: staff?.email ?? '',
    username: staff?.username ?? '',
    password: '',
    roleId: staff?.role._id ?? '',
    isActive: staff?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const pending = create.isPending || update.isPending;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(draft, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    if (staff === null) {
      create.mutate(
        { ...draft, email: draft.email.trim(), username: draft.username.trim() },
        { onSuccess: onClose },
      );
      return;
    }
    const changes: StaffChanges = {};
    if (draft.username.trim() !== staff.username) {
      changes.username = draft.username.trim();
    }
    if (draft.roleId !== staff.role._id) {
      changes.roleId = draft.roleId;
    }
    if (draft.isActive !== staff.isActive) {
      changes.isActive = draft.isActive;
    }
    if (draft.password !== '') {
      changes.password = draft.password;
    }
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: staff._id, changes }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={creating ? 'Add staff member' : `Edit ${staff.username}`}
      onClose={onClose}
      data-testid="staff-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        {creating ? (
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            required
            value={draft.email}
            maxLength={254}
            error={errors.email}
            onChange={(event) => set({ email: event.target.value })}
            data-testid="staff-email"
          />
        ) : (
          <p className="staff-readonly">
            <span className="field__label">E-mail</span>
            <span>{staff.email}</span>
          </p>
        )}
        <TextField
          label="Name"
          autoComplete="off"
          required
          value={draft.username}
          maxLength={80}
          error={errors.username}
          onChange={(event) => set({ username: event.target.value })}
          data-testid="staff-username"
        />
        {canSetPassword ? (
          <TextField
            label={creating ? 'Password' : 'New password (optional)'}
            type="password"
            autoComplete="new-password"
            required={creating}
            value={draft.password}
            maxLength={256}
            hint={
              creating
                ? `At least ${MIN_PASSWORD} characters, not the e-mail address.`
                : 'Leave empty to keep the current password. A new password signs them out everywhere.'
            }
            error={errors.password}
            onChange={(event) => set({ password: event.target.value })}
            data-testid="staff-password"
          />
        ) : (
          <p className="staff-readonly" data-testid="staff-password-note">
            <span className="field__label">Password</span>
            <span className="muted">
              {isSelf
                ? 'To change your own password, close this and use “Send reset link” in your row.'
                : 'You can set the password only of staff below you. To help them, close this and use “Send reset link” in their row: they choose a new password themselves.'}
            </span>
          </p>
        )}
        <SelectField
          label="Role"
          required
          value={draft.roleId}
          disabled={isSelf}
          hint={isSelf ? 'You cannot change your own role.' : undefined}
          error={errors.roleId}
          onChange={(event) => set({ roleId: event.target.value })}
          data-testid="staff-role"
        >
          <option value="">Choose a role</option>
          {roles.map((role) => {
            const allowed = canGrantAll(access, role) || role._id === staff?.role._id;
            return (
              <option key={role._id} value={role._id} disabled={!allowed}>
                {role.name}
                {allowed
                  ? ''
                  : role.isSuperAdmin
                    ? ' (only a Super Admin can give it)'
                    : ' (has permissions you do not hold)'}
              </option>
            );
          })}
        </SelectField>
        <Switch
          label="Active"
          hint={isSelf ? 'You cannot deactivate your own account.' : 'Inactive staff cannot sign in.'}
          checked={draft.isActive}
          disabled={isSelf}
          onCheckedChange={(isActive) => set({ isActive })}
          data-testid="staff-active"
        />
        {creating && roles.length === 0 ? (
          <Alert tone="info">Create a role first, on the Roles tab.</Alert>
        ) : null}
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={creating ? 'Add staff member' : 'Save changes'}
          testId="staff-save"
        />
      </form>
    </Dialog>
  );
}
