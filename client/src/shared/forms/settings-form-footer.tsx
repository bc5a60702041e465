import { Button } from '../ui/button';
import { Alert } from '../ui/surface';
import './settings-form.css';

interface SettingsFormFooterProps {
  /** Server problems the form has no field for. */
  otherProblems?: readonly string[];
  readOnly: boolean;
  pending: boolean;
  dirty: boolean;
  /** When the saved settings were last changed, as shown ('12 Mar 2026, 10:00'); null: not shown. */
  lastSaved?: string | null;
  className: string;
  testId: string;
}

/** The end of a settings form: problems without a field, Save, and whether there is anything to save. */
export function SettingsFormFooter({
  otherProblems = [],
  readOnly,
  pending,
  dirty,
  lastSaved = null,
  className,
  testId,
}: SettingsFormFooterProps) {
  return (
    <>
      {otherProblems.length > 0 ? (
        <Alert tone="error">
          {otherProblems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <div className={className}>
          <Button type="submit" disabled={pending} data-testid={testId}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
          {dirty ? <span className="muted">You have unsaved changes.</span> : null}
          {!dirty && lastSaved !== null ? <span className="muted">Last saved {lastSaved}.</span> : null}
        </div>
      )}
    </>
  );
}
