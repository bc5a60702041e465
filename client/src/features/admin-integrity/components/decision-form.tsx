import { REVIEW_REASON_MAX, type ReviewDecision } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { SubmitButton } from '../../../shared/ui/button';
import { CheckboxField, RadioGroupField } from '../../../shared/ui/choice-fields';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { useDecide } from '../api/integrity-api';

const CHOICES = [
  { value: 'CLEAR', label: 'Clear: nothing wrong' },
  { value: 'WARN', label: 'Warn: the result still counts' },
  { value: 'DISQUALIFY', label: 'Disqualify this play' },
] as const;

/** Clear, warn or disqualify with a reason; disqualifying asks once more. */
export function DecisionForm({ playId, studentName }: { playId: string; studentName: string }) {
  const decide = useDecide();
  const [decision, setDecision] = useState<ReviewDecision | ''>('');
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = () => {
    if (decision === '') {
      return;
    }
    decide.mutate(
      { id: playId, body: { decision, reason, notifyStudent: decision !== 'CLEAR' && notify } },
      {
        onSuccess: () => {
          setConfirming(false);
          setReason('');
          setProblem(null);
        },
        onError: (error) => {
          setConfirming(false);
          setProblem(describeError(error));
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decision === '') {
      setProblem('Choose a decision.');
      return;
    }
    if (reason.trim() === '') {
      setProblem('Write the reason for the record.');
      return;
    }
    if (decision === 'DISQUALIFY') {
      setConfirming(true);
      return;
    }
    send();
  };

  return (
    <form className="stack" onSubmit={submit} data-testid="ir-decision-form" noValidate>
      <RadioGroupField
        legend="Decision"
        name="decision"
        options={CHOICES}
        value={decision}
        onChange={setDecision}
        testId="ir-choice"
      />
      <TextAreaField
        label="Reason (kept in the audit log, never e-mailed)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={REVIEW_REASON_MAX}
        rows={3}
        required
        data-testid="ir-reason"
      />
      <CheckboxField
        label="E-mail the student and family (in their language)"
        checked={decision !== 'CLEAR' && notify}
        disabled={decision === 'CLEAR'}
        onCheckedChange={setNotify}
        data-testid="ir-notify"
      />
      {problem !== null ? (
        <Alert tone="error" data-testid="ir-decision-error">
          {problem}
        </Alert>
      ) : null}
      <div className="ir-actions">
        <SubmitButton pending={decide.isPending} pendingLabel="Saving…" data-testid="ir-submit">
          Record decision
        </SubmitButton>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Disqualify this play?"
          confirmLabel="Disqualify"
          pending={decide.isPending}
          onConfirm={send}
          onClose={() => setConfirming(false)}
        >
          <p>
            {studentName}’s play leaves the rankings, the winners and qualification for the next phase at
            once; their best remaining contest play of the phase counts instead. A later clear or warning
            undoes it.
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
