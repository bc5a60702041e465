import { formatDateTime } from '../format/date-time';
import { Button } from '../ui/button';
import { Alert } from '../ui/surface';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import './settings-form.css';

interface SettingsFormFooterProps {
  /** Server problems the form has no field for. */
  otherProblems?: readonly string[];
  readOnly: boolean;
  pending: boolean;
  dirty: boolean;
  /** When the saved settings were last changed (ISO); null: not shown. */
  updatedAt?: string | null;
  /** The actions row's class (default settings-actions). */
  className?: string;
  testId: string;
  /** What leaving the page with unsaved changes would lose; the page then asks first. */
  unsaved?: { message: string; saved: { readonly current: boolean } };
}

/** The end of a settings form: problems without a field, Save, and whether there is anything to save. */
export function SettingsFormFooter({
  otherProblems = [],
  readOnly,
  pending,
  dirty,
  updatedAt = null,
  className = 'settings-actions',
  testId,
  unsaved,
}: SettingsFormFooterProps) {
  const lastSaved = updatedAt === null ? null : formatDateTime(updatedAt);
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
      {unsaved ? (
        <UnsavedChangesGuard form={{ dirty, saved: unsaved.saved }}>{unsaved.message}</UnsavedChangesGuard>
      ) : null}
    </>
  );
}
