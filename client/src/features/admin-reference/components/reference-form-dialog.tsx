import { type FormEvent, useState } from 'react';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { RequestBody } from '../api/reference-api';
import { useReferenceMutations } from '../api/use-reference';
import { changedFields, type Draft, type FieldSpec, type ReferenceConfig } from './reference-config';

interface ReferenceFormDialogProps<T extends { _id: string }, D extends Draft> {
  config: ReferenceConfig<T, D>;
  /** null: adding a new row. */
  row: T | null;
  onClose: () => void;
}

export function ReferenceFormDialog<T extends { _id: string }, D extends Draft>({
  config,
  row,
  onClose,
}: ReferenceFormDialogProps<T, D>) {
  const [draft, setDraft] = useState<D>(() => (row === null ? config.emptyDraft() : config.draftOf(row)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { create, update } = useReferenceMutations(config.endpoint, config.noun);
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const serverErrors = failure instanceof HttpError ? failure.fieldErrors : {};
  const shownErrors: Record<string, string> = { ...serverErrors, ...errors };
  // A 400 is shown beside its fields; anything else (a 409 duplicate) as the server's sentence.
  const unplaced =
    failure !== null &&
    !(failure instanceof HttpError && failure.status === 400 && Object.keys(serverErrors).length > 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = config.validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const body: RequestBody = config.toBody(draft);
    if (row === null) {
      create.mutate(body, { onSuccess: onClose });
      return;
    }
    const changes = changedFields(config.toBody(config.draftOf(row)), body);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: row._id, changes }, { onSuccess: onClose });
  };

  const renderField = (field: FieldSpec<D>) => {
    const testId = `field-${field.key}`;
    const error = shownErrors[field.key];
    if (field.kind === 'switch') {
      return (
        <Switch
          key={field.key}
          label={field.label}
          hint={field.hint}
          checked={draft[field.key] as boolean}
          onCheckedChange={(checked) => setDraft((d) => ({ ...d, [field.key]: checked }))}
          data-testid={testId}
        />
      );
    }
    const value = draft[field.key] as string;
    const onValue = (next: string) => setDraft((d) => ({ ...d, [field.key]: next }));
    if (field.kind === 'select') {
      return (
        <SelectField
          key={field.key}
          label={field.label}
          required
          value={value}
          hint={field.hint}
          error={error}
          onChange={(event) => onValue(event.target.value)}
          data-testid={testId}
        >
          <option value="">{field.placeholder}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    }
    return (
      <TextField
        key={field.key}
        label={field.label}
        type={field.kind === 'datetime' ? 'datetime-local' : field.kind === 'number' ? 'number' : 'text'}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        autoComplete="off"
        required
        value={value}
        maxLength={field.maxLength}
        hint={field.hint}
        error={error}
        onChange={(event) => onValue(event.target.value)}
        data-testid={testId}
      />
    );
  };

  return (
    <Dialog
      title={row === null ? `Add ${config.noun.toLowerCase()}` : `Edit ${config.rowName(row)}`}
      onClose={onClose}
      data-testid="reference-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        {config.fields.map(renderField)}
        {unplaced ? <Alert tone="error">{describeError(failure)}</Alert> : null}
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={row === null ? `Add ${config.noun.toLowerCase()}` : 'Save changes'}
          testId="reference-save"
        />
      </form>
    </Dialog>
  );
}
