import type { ScriptActionInfo, ScriptActionParam, ScriptRunResult } from '@riyazi/api/contracts';
import { useEffect, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { PasswordConfirmDialog } from '../../../shared/ui/password-confirm-dialog';
import { Alert } from '../../../shared/ui/surface';
import { TitledCard } from '../../../shared/ui/titled-card';
import { type PhaseChoice, useRunScript } from '../api/script-admin-api';

type Step =
  | { kind: 'password'; real: boolean }
  | { kind: 'confirm'; password: string; preview: ScriptRunResult };

/** Each parameter's value from the page address (a Rescore link's play id), else its default. */
const initialValues = (params: ScriptActionParam[], prefill: Record<string, string>) =>
  Object.fromEntries(
    params.map((p) => [p.name, prefill[p.name] ?? (p.default === undefined ? '' : String(p.default))]),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function paramProblem(param: ScriptActionParam, value: string): string | null {
  if (param.kind === 'phase') {
    return value === '' ? 'Choose a phase.' : null;
  }
  if (param.kind === 'play') {
    return UUID.test(value.trim()) ? null : 'Enter a play id, such as 0f8fad5b-d9cb-469f-a165-70867728950e.';
  }
  const n = Number(value);
  const { min = 1, max = Number.MAX_SAFE_INTEGER } = param;
  return value === '' || !Number.isInteger(n) || n < min || n > max
    ? `Enter a whole number from ${min} to ${max}.`
    : null;
}

/**
 * One maintenance action: its parameters, "Dry run" (says what would change) and "Run" (dry-runs
 * first and asks with those numbers before running). Each call re-checks the admin's password.
 */
export function ScriptActionCard({
  action,
  phases,
  prefill,
}: {
  action: ScriptActionInfo;
  phases: PhaseChoice[];
  /** Values the page address gives for some parameters. */
  prefill: Record<string, string>;
}) {
  const run = useRunScript();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(action.params, prefill));
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const [step, setStep] = useState<Step | null>(null);
  const [result, setResult] = useState<ScriptRunResult | null>(null);
  const headingId = `script-${action.name}`;
  const prefilled = action.params.some((p) => prefill[p.name] !== undefined);

  // Opened from a Rescore link: this is the card the admin came for.
  useEffect(() => {
    if (prefilled) {
      document.getElementById(headingId)?.scrollIntoView({ block: 'start' });
    }
  }, [prefilled, headingId]);

  const params = () =>
    Object.fromEntries(
      action.params.map((p) => [
        p.name,
        p.kind === 'number' ? Number(values[p.name]) : values[p.name]?.trim(),
      ]),
    );

  const start = (real: boolean) => {
    const found = Object.fromEntries(
      action.params.map((p) => [p.name, paramProblem(p, values[p.name] ?? '')]),
    );
    setProblems(found);
    if (Object.values(found).some((problem) => problem !== null)) {
      return;
    }
    run.reset();
    setStep({ kind: 'password', real });
  };

  const withPassword = (password: string, real: boolean) =>
    run.mutate(
      { action: action.name, params: params(), password, dryRun: true },
      {
        onSuccess: (preview) => {
          setResult(preview);
          run.reset();
          setStep(real ? { kind: 'confirm', password, preview } : null);
        },
      },
    );

  const runForReal = (password: string) =>
    run.mutate(
      { action: action.name, params: params(), password, dryRun: false },
      {
        onSuccess: (done) => {
          setResult(done);
          setStep(null);
        },
      },
    );

  const close = () => {
    run.reset();
    setStep(null);
  };

  return (
    <TitledCard
      id={headingId}
      title={action.title}
      className="script-card"
      data-testid={`script-${action.name}`}
    >
      <p className="muted">{action.description}</p>
      {action.params.map((param) => (
        <ParamField
          key={param.name}
          param={param}
          value={values[param.name] ?? ''}
          error={problems[param.name] ?? null}
          phases={phases}
          onChange={(value) => setValues({ ...values, [param.name]: value })}
        />
      ))}
      <div className="script-card__actions">
        <Button variant="secondary" onClick={() => start(false)} data-testid="script-dry-run">
          Dry run
        </Button>
        <Button variant="danger" onClick={() => start(true)} data-testid="script-run">
          Run
        </Button>
      </div>
      {result !== null ? (
        <Alert tone={result.dryRun ? 'info' : 'success'} data-testid="script-result">
          <strong>{result.dryRun ? 'Dry run, nothing changed. ' : 'Done. '}</strong>
          {result.summary}.
          {result.details.length > 0 ? (
            <ul className="script-card__details">
              {result.details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {step?.kind === 'password' ? (
        <PasswordConfirmDialog
          title={step.real ? `Run: ${action.title}` : `Dry run: ${action.title}`}
          confirmLabel={step.real ? 'Check what it would do' : 'Dry run'}
          pendingLabel="Checking…"
          pending={run.isPending}
          error={run.error}
          onConfirm={(password) => withPassword(password, step.real)}
          onClose={close}
          data-testid="script-password"
        >
          <p>
            {step.real
              ? 'First a dry run says what would change; you then confirm the real run.'
              : 'A dry run only says what would change; it changes nothing.'}
          </p>
        </PasswordConfirmDialog>
      ) : null}
      {step?.kind === 'confirm' ? (
        <ConfirmDialog
          title={`Run: ${action.title}`}
          confirmLabel="Run now"
          pending={run.isPending}
          error={run.error ? describeError(run.error) : null}
          onConfirm={step.preview.changed > 0 ? () => runForReal(step.password) : undefined}
          onClose={close}
        >
          <p data-testid="script-confirm-text">
            {step.preview.changed > 0
              ? `${step.preview.summary}. Run it now?`
              : `${step.preview.summary}. There is nothing to run.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </TitledCard>
  );
}

interface ParamFieldProps {
  param: ScriptActionParam;
  value: string;
  error: string | null;
  phases: PhaseChoice[];
  onChange: (value: string) => void;
}

/** A parameter's field: a phase from the list, a play id, or a whole number within its range. */
function ParamField({ param, value, error, phases, onChange }: ParamFieldProps) {
  const common = {
    label: param.label,
    value,
    error,
    'data-testid': `param-${param.name}`,
  };
  if (param.kind === 'phase') {
    return (
      <SelectField {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a phase</option>
        <RecordOptions items={phases} label={(phase) => phase.name} />
      </SelectField>
    );
  }
  if (param.kind === 'play') {
    return (
      <TextField
        {...common}
        autoComplete="off"
        spellCheck={false}
        hint="Filled in by “Rescore this play” on a student's quiz attempt; it ends that page's address."
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <TextField
      {...common}
      type="number"
      inputMode="numeric"
      min={param.min}
      max={param.max}
      hint={`From ${param.min} to ${param.max}.`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
