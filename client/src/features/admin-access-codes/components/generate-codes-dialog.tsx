import { CODE_BATCH_LIMITS } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { fromLocalInput, LOCAL_INPUT_ZONE_HINT, pakistanInputDate } from '../../../shared/format/local-input';
import { splitServerProblems } from '../../../shared/forms/form-errors';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import type { CodeBatchInput, PhaseOption } from '../api/access-codes-api';
import { useCreateBatch } from '../api/use-access-codes';

interface Draft {
  label: string;
  attempts: string;
  phaseId: string;
  count: string;
  validUntil: string;
}

type Field = keyof Draft;
const FIELDS: readonly Field[] = ['label', 'attempts', 'phaseId', 'count', 'validUntil'];
const { labelMax, attemptsMin, attemptsMax, countMin, countMax } = CODE_BATCH_LIMITS;

const wholeIn = (value: string, min: number, max: number) => {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return n >= min && n <= max;
};

function validate(draft: Draft): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (draft.label.trim() === '') {
    problems.label = 'Name the batch, e.g. the school or sponsor.';
  }
  if (!wholeIn(draft.attempts, attemptsMin, attemptsMax)) {
    problems.attempts = `Enter a whole number from ${attemptsMin} to ${attemptsMax}.`;
  }
  if (!wholeIn(draft.count, countMin, countMax)) {
    problems.count = `Enter a whole number from ${countMin} to ${countMax.toLocaleString('en-PK')}.`;
  }
  if (draft.validUntil !== '') {
    const until = pakistanInputDate(draft.validUntil);
    if (until === null || Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      problems.validUntil = 'Choose a time in the future, or leave empty.';
    }
  }
  return problems;
}

const inputOf = (draft: Draft): CodeBatchInput => ({
  label: draft.label.trim(),
  attempts: Number(draft.attempts),
  phaseId: draft.phaseId === '' ? null : draft.phaseId,
  count: Number(draft.count),
  validUntil: fromLocalInput(draft.validUntil),
});

interface GenerateCodesDialogProps {
  phases: PhaseOption[];
  /** false: the admin may not list phases, so codes are for any phase. */
  canChoosePhase: boolean;
  onClose: () => void;
}

export function GenerateCodesDialog({ phases, canChoosePhase, onClose }: GenerateCodesDialogProps) {
  const [draft, setDraft] = useState<Draft>({
    label: '',
    attempts: '1',
    phaseId: '',
    count: '100',
    validUntil: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateBatch();
  const failure = create.error;
  const server =
    failure instanceof HttpError
      ? splitServerProblems(failure.fieldErrors, FIELDS)
      : { problems: {}, other: [] as string[] };
  const shown = { ...server.problems, ...errors };
  const unplaced = failure !== null && Object.keys(server.problems).length === 0;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      create.mutate(inputOf(draft), { onSuccess: onClose });
    }
  };
  const pending = create.isPending;
  const close = () => {
    if (!pending) {
      onClose();
    }
  };

  return (
    <Dialog title="Generate codes" onClose={close} data-testid="generate-form">
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <fieldset className="codes-form__fields" disabled={pending}>
          <TextField
            label="Label"
            autoComplete="off"
            required
            name="label"
            value={draft.label}
            maxLength={labelMax}
            hint="Who the codes are for, e.g. a school or a sponsor."
            error={shown.label}
            onChange={(event) => set({ label: event.target.value })}
            data-testid="generate-label"
          />
          <div className="codes-form__pair">
            <TextField
              label="Attempts per code"
              inputMode="numeric"
              autoComplete="off"
              required
              name="attempts"
              value={draft.attempts}
              hint={`${attemptsMin} to ${attemptsMax} contest attempts.`}
              error={shown.attempts}
              onChange={(event) => set({ attempts: event.target.value })}
              data-testid="generate-attempts"
            />
            <TextField
              label="Number of codes"
              inputMode="numeric"
              autoComplete="off"
              required
              name="count"
              value={draft.count}
              hint={`Up to ${countMax.toLocaleString('en-PK')} single-use codes.`}
              error={shown.count}
              onChange={(event) => set({ count: event.target.value })}
              data-testid="generate-count"
            />
          </div>
          <SelectField
            label="Phase"
            name="phaseId"
            value={draft.phaseId}
            disabled={!canChoosePhase}
            hint={canChoosePhase ? undefined : 'You cannot list phases, so these codes are for any phase.'}
            error={shown.phaseId}
            onChange={(event) => set({ phaseId: event.target.value })}
            data-testid="generate-phase"
          >
            <option value="">Any phase</option>
            <RecordOptions items={phases} label={(phase) => phase.name} />
          </SelectField>
          <TextField
            label="Valid until (optional)"
            type="datetime-local"
            name="validUntil"
            value={draft.validUntil}
            hint={`${LOCAL_INPUT_ZONE_HINT}. Empty: the codes never expire.`}
            error={shown.validUntil}
            onChange={(event) => set({ validUntil: event.target.value })}
            data-testid="generate-valid-until"
          />
        </fieldset>
        {pending ? <LoadingBlock label={`Generating ${draft.count} codes…`} /> : null}
        {unplaced ? <Alert tone="error">{describeError(failure)}</Alert> : null}
        <DialogFormActions
          onCancel={close}
          pending={pending}
          label="Generate codes"
          pendingLabel="Generating…"
          testId="generate-submit"
        />
      </form>
    </Dialog>
  );
}
