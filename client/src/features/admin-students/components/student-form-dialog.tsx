import { nameProblem } from '@riyazi/api/contracts';
import { PASSWORD_RULE_TEXT, passwordProblem } from '@riyazi/api/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { adminNameProblem } from '../../../shared/forms/problem-text';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import type { StudentChanges, StudentListRow } from '../api/students-api';
import { useStudentMutations } from '../api/use-students';

interface Draft {
  fullName: string;
  email: string;
  password: string;
  isActive: boolean;
}

type Errors = Partial<Record<keyof Draft, string>>;

function validate(draft: Draft, creating: boolean): Errors {
  const errors: Errors = {};
  const nameIssue = nameProblem(draft.fullName);
  if (nameIssue !== null) {
    errors.fullName = adminNameProblem(nameIssue);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(draft.email.trim())) {
    errors.email = 'Enter a valid e-mail address.';
  }
  if (creating || draft.password !== '') {
    const problem = passwordProblem(draft.password, draft.email);
    if (problem !== null) {
      errors.password = `The password ${problem}.`;
    }
  }
  return errors;
}

interface StudentFormDialogProps {
  /** null: adding a new student. */
  student: StudentListRow | null;
  onClose: () => void;
}

/** Spec §3 "Student create/edit form": fullName, email, password, isActive. */
export function StudentFormDialog({ student, onClose }: StudentFormDialogProps) {
  const creating = student === null;
  const [draft, setDraft] = useState<Draft>({
    fullName: student?.fullName ?? '',
    email: student?.email ?? '',
    password: '',
    isActive: student?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const { create, update } = useStudentMutations();
  const pending = create.isPending || update.isPending;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(draft, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const fields = { ...draft, fullName: draft.fullName.trim(), email: draft.email.trim() };
    if (student === null) {
      create.mutate(fields, { onSuccess: onClose });
      return;
    }
    const changes: StudentChanges = {
      fullName: fields.fullName,
      email: fields.email,
      isActive: fields.isActive,
    };
    if (fields.password !== '') {
      changes.password = fields.password;
    }
    update.mutate({ id: student._id, changes }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={creating ? 'Add student' : `Edit ${student.fullName}`}
      onClose={onClose}
      data-testid="student-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <TextField
          label="Full name"
          required
          value={draft.fullName}
          maxLength={120}
          error={errors.fullName}
          onChange={(event) => set({ fullName: event.target.value })}
          data-testid="student-form-name"
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          value={draft.email}
          maxLength={254}
          error={errors.email}
          onChange={(event) => set({ email: event.target.value })}
          data-testid="student-form-email"
        />
        <PasswordField
          label={creating ? 'Password' : 'New password'}
          autoComplete="new-password"
          required={creating}
          value={draft.password}
          maxLength={128}
          hint={creating ? PASSWORD_RULE_TEXT : 'Leave empty to keep the current password.'}
          error={errors.password}
          onChange={(event) => set({ password: event.target.value })}
          data-testid="student-form-password"
        />
        <Switch
          label="Active"
          hint="An inactive student cannot sign in."
          checked={draft.isActive}
          onCheckedChange={(isActive) => set({ isActive })}
          data-testid="student-form-active"
        />
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={creating ? 'Add student' : 'Save'}
          testId="student-form-save"
        />
      </form>
    </Dialog>
  );
}
