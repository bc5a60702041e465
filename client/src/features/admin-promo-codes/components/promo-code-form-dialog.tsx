import { type FormEvent, useState } from 'react';
import { LOCAL_INPUT_ZONE_HINT } from '../../../shared/format/local-input';
import { splitServerProblems } from '../../../shared/forms/form-errors';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { CheckboxField, RadioGroupField } from '../../../shared/ui/choice-fields';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { PromoCode, PromoPackageOption } from '../api/promo-codes-api';
import { useCreatePromo, useUpdatePromo } from '../api/use-promo-codes';
import {
  changesOf,
  draftOf,
  emptyPromoDraft,
  inputOf,
  PROMO_FIELDS,
  type PromoDraft,
  type PromoField,
  validatePromo,
} from './promo-form-model';

const TYPE_OPTIONS = [
  { value: 'PERCENT', label: 'Percent' },
  { value: 'FIXED', label: 'Fixed amount (PKR)' },
] as const;

interface PromoCodeFormDialogProps {
  /** null: adding a new code. */
  promo: PromoCode | null;
  packages: PromoPackageOption[];
  onClose: () => void;
}

const VALIDITY_FIELDS = [
  { name: 'validFrom', label: 'Valid from (optional)', testId: 'promo-valid-from' },
  { name: 'validUntil', label: 'Valid until (optional)', testId: 'promo-valid-until' },
] as const;

export function PromoCodeFormDialog({ promo, packages, onClose }: PromoCodeFormDialogProps) {
  const creating = promo === null;
  const [draft, setDraft] = useState<PromoDraft>(() => (promo === null ? emptyPromoDraft() : draftOf(promo)));
  const [errors, setErrors] = useState<Partial<Record<PromoField, string>>>({});
  const create = useCreatePromo();
  const update = useUpdatePromo();
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const server =
    failure instanceof HttpError
      ? splitServerProblems(failure.fieldErrors, PROMO_FIELDS)
      : { problems: {}, other: [] as string[] };
  const shown = { ...server.problems, ...errors };
  // A problem with a field is shown beside it; anything else (a 409) as the server's sentence.
  const unplaced = failure !== null && Object.keys(server.problems).length === 0;

  const set = (changes: Partial<PromoDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const togglePackage = (id: string, on: boolean) =>
    set({ packageIds: on ? [...draft.packageIds, id] : draft.packageIds.filter((p) => p !== id) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePromo(draft, promo?.usedCount ?? 0);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const input = inputOf(draft);
    if (promo === null) {
      create.mutate(input, { onSuccess: onClose });
      return;
    }
    const changes = changesOf(promo, input);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: promo._id, changes }, { onSuccess: onClose });
  };

  const percent = draft.discountType === 'PERCENT';
  // Packages switched off stay listed while a code still names them.
  const shownPackages = packages.filter((p) => p.isActive || draft.packageIds.includes(p._id));

  return (
    <Dialog
      title={creating ? 'Add promo code' : `Edit ${promo.code}`}
      onClose={onClose}
      wide
      data-testid="promo-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <div className="promo-form__grid">
          <TextField
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            name="code"
            value={draft.code}
            maxLength={32}
            hint="3–32 letters, digits or dashes; saved in capitals."
            error={shown.code}
            onChange={(event) => set({ code: event.target.value.toUpperCase() })}
            data-testid="promo-code"
          />
          <TextField
            label="Description (optional)"
            autoComplete="off"
            name="description"
            value={draft.description}
            maxLength={200}
            error={shown.description}
            onChange={(event) => set({ description: event.target.value })}
            data-testid="promo-description"
          />
          <RadioGroupField
            legend="Discount type"
            name="discountType"
            options={TYPE_OPTIONS}
            value={draft.discountType}
            onChange={(discountType) => set({ discountType })}
            error={shown.discountType}
            testId="promo-type"
          />
          <TextField
            label={percent ? 'Discount (%)' : 'Discount (PKR)'}
            inputMode={percent ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            name="discountValue"
            value={draft.discountValue}
            hint={percent ? 'A whole percentage, 1 to 100.' : 'Rupees off the price, e.g. 150 or 99.50.'}
            error={shown.discountValue}
            onChange={(event) => set({ discountValue: event.target.value })}
            data-testid="promo-value"
          />
          {VALIDITY_FIELDS.map(({ name, label, testId }) => (
            <TextField
              key={name}
              label={label}
              type="datetime-local"
              name={name}
              value={draft[name]}
              hint={LOCAL_INPUT_ZONE_HINT}
              error={shown[name]}
              onChange={(event) => set({ [name]: event.target.value })}
              data-testid={testId}
            />
          ))}
          <TextField
            label="Total uses (optional)"
            inputMode="numeric"
            autoComplete="off"
            name="maxUses"
            value={draft.maxUses}
            hint={
              promo !== null && promo.usedCount > 0
                ? `Empty for no limit; ${promo.usedCount} already used.`
                : 'Empty for no limit.'
            }
            error={shown.maxUses}
            onChange={(event) => set({ maxUses: event.target.value })}
            data-testid="promo-max-uses"
          />
          <TextField
            label="Uses per student"
            inputMode="numeric"
            autoComplete="off"
            required
            name="maxUsesPerStudent"
            value={draft.maxUsesPerStudent}
            error={shown.maxUsesPerStudent}
            onChange={(event) => set({ maxUsesPerStudent: event.target.value })}
            data-testid="promo-per-student"
          />
        </div>
        <fieldset className="field choice-group" data-field="packageIds" data-testid="promo-packages">
          <legend className="field__label">Packages</legend>
          {shownPackages.length === 0 ? (
            <p className="muted">No packages yet: the code applies to every package.</p>
          ) : (
            <>
              <p className="field__hint">None ticked: the code applies to every package.</p>
              <div className="promo-form__packages">
                {shownPackages.map((p) => (
                  <CheckboxField
                    key={p._id}
                    label={p.isActive ? p.name : `${p.name} (inactive)`}
                    checked={draft.packageIds.includes(p._id)}
                    onCheckedChange={(on) => togglePackage(p._id, on)}
                    data-testid={`promo-package-${p._id}`}
                  />
                ))}
              </div>
            </>
          )}
          {shown.packageIds ? <p className="field__error">{shown.packageIds}</p> : null}
        </fieldset>
        <Switch
          label="Active"
          hint="Students can use an active code within its validity window."
          checked={draft.isActive}
          onCheckedChange={(isActive) => set({ isActive })}
          data-testid="promo-active"
        />
        {unplaced ? <Alert tone="error">{describeError(failure)}</Alert> : null}
        {server.other.length > 0 && !unplaced ? <Alert tone="error">{server.other.join(' ')}</Alert> : null}
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={creating ? 'Add promo code' : 'Save changes'}
          testId="promo-save"
        />
      </form>
    </Dialog>
  );
}
