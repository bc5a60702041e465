import type { ScriptActionInfo, ScriptActionParam, ScriptRunResult } from '@riyazi/api/contracts';
import { useState } from 'react';
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

const initialValues = (params: ScriptActionParam[]) =>
  Object.fromEntries(params.map((p) => [p.name, p.default === undefined ? '' : String(p.default)]));

function paramProblem(param: ScriptActionParam, value: string): string | null {
  if (param.kind === 'phase') {
    return value === '' ? 'Choose a phase.' : null;
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
export function ScriptActionCard({ action, phases }: { action: ScriptActionInfo; phases: PhaseChoice[] }) {
  const run = useRunScript();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(action.params));
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const [step, setStep] = useState<Step | null>(null);
  const [result, setResult] = useState<ScriptRunResult | null>(null);
  const headingId = `script-${action.name}`;

  const params = () =>
    Object.fromEntries(
      action.params.map((p) => [p.name, p.kind === 'number' ? Number(values[p.name]) : values[p.name]]),
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
      {action.params.map((param) =>
        param.kind === 'phase' ? (
          <SelectField
            key={param.name}
            label={param.label}
            value={values[param.name] ?? ''}
            error={problems[param.name] ?? null}
            onChange={(e) => setValues({ ...values, [param.name]: e.target.value })}
            data-testid={`param-${param.name}`}
          >
            <option value="">Choose a phase</option>
            <RecordOptions items={phases} label={(phase) => phase.name} />
          </SelectField>
        ) : (
          <TextField
            key={param.name}
            label={param.label}
            type="number"
            inputMode="numeric"
            min={param.min}
            max={param.max}
            value={values[param.name] ?? ''}
            error={problems[param.name] ?? null}
            hint={`From ${param.min} to ${param.max}.`}
            onChange={(e) => setValues({ ...values, [param.name]: e.target.value })}
            data-testid={`param-${param.name}`}
          />
        ),
      )}
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
          <strong>{result.dryRun ? 'Dry run, nothing changed: ' : 'Done: '}</strong>
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
              : `Nothing to change: ${step.preview.summary}.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </TitledCard>
  );
}
