import { type FormEvent, useState } from 'react';
import { fieldMessage } from '../../../shared/forms/form-errors';
import { errorMessage, HttpError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert, Card } from '../../../shared/ui/surface';
import { useSendTestMail, useTestMailStatus } from '../api/use-smtp';
import { testMailProgress } from './test-mail-progress';

interface TestMailPanelProps {
  defaultTo: string;
  /** Settings have been saved: the worker sends with the saved ones, never with the form's. */
  configured: boolean;
}

export function TestMailPanel({ defaultTo, configured }: TestMailPanelProps) {
  const [to, setTo] = useState(defaultTo);
  const [test, setTest] = useState<{ messageId: string; startedAt: number } | null>(null);
  const send = useSendTestMail();
  const status = useTestMailStatus(test?.messageId ?? null, test?.startedAt ?? 0);
  const progress =
    test === null
      ? null
      : testMailProgress(status.data, (status.dataUpdatedAt || test.startedAt) - test.startedAt);
  const polling = test !== null && progress !== null && !progress.done && !status.isError;
  const toProblem =
    send.error instanceof HttpError && send.error.fieldErrors.to !== undefined
      ? fieldMessage('E-mail', send.error.fieldErrors.to)
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTest(null);
    send.mutate(to.trim(), {
      onSuccess: ({ messageId }) => setTest({ messageId, startedAt: Date.now() }),
    });
  };

  return (
    <Card aria-labelledby="smtp-test-title" className="stack">
      <h2 id="smtp-test-title" className="card__title">
        Send a test e-mail
      </h2>
      <p className="muted">Checks the saved settings by sending a short e-mail. Save your changes first.</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <TextField
          label="Send to"
          name="to"
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={to}
          error={toProblem}
          onChange={(event) => setTo(event.target.value)}
          data-testid="smtp-test-to"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!configured || send.isPending || polling || to.trim() === ''}
          data-testid="smtp-test-send"
        >
          {send.isPending ? 'Queuing…' : polling ? 'Sending…' : 'Send test e-mail'}
        </Button>
        {!configured ? (
          <p className="field__hint">Save the mail server settings before testing them.</p>
        ) : null}
      </form>
      {progress !== null ? (
        <Alert tone={status.isError ? 'error' : progress.tone} data-testid="smtp-test-status">
          <p className="email-progress">
            {polling ? <span className="spinner" aria-hidden="true" /> : null}
            <span>
              {status.isError ? `Could not check the e-mail: ${errorMessage(status.error)}` : progress.text}
            </span>
          </p>
        </Alert>
      ) : null}
    </Card>
  );
}
