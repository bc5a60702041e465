import {
  type AdminPackage,
  PACKAGE_ATTEMPTS_MAX,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_NAME_MAX,
  type PackagePhaseOption,
} from '@riyazi/api/contracts';
import type { FormEvent } from 'react';
import { splitServerProblems } from '../../../shared/forms/form-errors';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextAreaField, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { useSavePackage } from '../api/use-payment-config';
import {
  changedFields,
  draftOf,
  draftProblems,
  emptyDraft,
  PACKAGE_FIELDS,
  PACKAGE_LABELS,
  type PackageDraft,
  type PackageField,
  problemText,
  toBody,
} from './package-draft';

const PHASE_STATUS: Record<PackagePhaseOption['status'], string> = {
  UPCOMING: 'upcoming',
  ACTIVE: 'running',
  CLOSED: 'closed',
};

interface PackageFormDialogProps {
  /** null: a new package. */
  pkg: AdminPackage | null;
  phases: PackagePhaseOption[];
  nextPosition: number;
  onClose: () => void;
}

export function PackageFormDialog({ pkg, phases, nextPosition, onClose }: PackageFormDialogProps) {
  const {
    draft,
    problems,
    setProblems,
    change: set,
    formError: other,
    setFormError: setOther,
  } = useDraftForm<PackageDraft, PackageField>({
    initial: () => (pkg === null ? emptyDraft(nextPosition) : draftOf(pkg)),
  });
  const save = useSavePackage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    setOther(null);
    if (Object.keys(found).length > 0) {
      return;
    }
    const body = toBody(draft);
    const changes = pkg === null ? body : changedFields(pkg, body);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { id: pkg?._id ?? null, body: changes },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fieldErrors = error instanceof HttpError ? error.fieldErrors : {};
          const split = splitServerProblems(fieldErrors, PACKAGE_FIELDS);
          setProblems(split.problems);
          const placed = Object.keys(split.problems).length > 0 && split.other.length === 0;
          setOther(placed ? null : describeError(error));
        },
      },
    );
  };

  const field = (name: 'name' | 'attempts' | 'price' | 'position') => ({
    name,
    label: PACKAGE_LABELS[name],
    value: draft[name],
    error: problemText(name, problems[name]),
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    'data-testid': `package-${name}`,
  });

  const descriptionProblem = problemText('description', problems.description);

  return (
    <Dialog
      title={pkg === null ? 'Add package' : `Edit ${pkg.name}`}
      onClose={onClose}
      data-testid="package-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <TextField
          {...field('name')}
          required
          maxLength={PACKAGE_NAME_MAX}
          placeholder="Two contest attempts"
        />
        <TextAreaField
          label={`${PACKAGE_LABELS.description} (optional)`}
          name="description"
          className="pkg-description"
          rows={3}
          maxLength={PACKAGE_DESCRIPTION_MAX}
          value={draft.description}
          hint={`Shown to students at checkout. (${draft.description.length}/${PACKAGE_DESCRIPTION_MAX})`}
          error={descriptionProblem}
          onChange={(event) => set('description', event.target.value)}
          data-testid="package-description"
        />
        <div className="pkg-form-row">
          <TextField
            {...field('price')}
            required
            inputMode="decimal"
            placeholder="1500"
            hint="In rupees, e.g. 1500 or 1499.50."
          />
          <TextField
            {...field('attempts')}
            required
            type="number"
            inputMode="numeric"
            min={1}
            max={PACKAGE_ATTEMPTS_MAX}
            step={1}
            hint={`Contest attempts granted, 1 to ${PACKAGE_ATTEMPTS_MAX}.`}
          />
        </div>
        <SelectField
          name="phaseId"
          label={PACKAGE_LABELS.phaseId}
          value={draft.phaseId}
          error={problemText('phaseId', problems.phaseId)}
          hint="A phase's package is on sale until that phase ends, and while it is the contest phase. Either way the attempts bought join the student's one balance, usable in any contest."
          onChange={(event) => set('phaseId', event.target.value)}
          data-testid="package-phaseId"
        >
          <option value="">Every phase (always on sale)</option>
          {phases.map((phase) => (
            <option key={phase._id} value={phase._id}>
              {phase.name} ({PHASE_STATUS[phase.status]})
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('position')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Packages are listed by this number, lowest first; equal numbers by price."
        />
        <Switch
          name="isActive"
          label={PACKAGE_LABELS.isActive}
          hint="Only active packages are offered to students."
          checked={draft.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
          data-testid="package-isActive"
        />
        {other !== null ? <Alert tone="error">{other}</Alert> : null}
        <DialogFormActions
          onCancel={onClose}
          pending={save.isPending}
          label={pkg === null ? 'Add package' : 'Save changes'}
          testId="package-save"
        />
      </form>
    </Dialog>
  );
}
