import { Button } from '../ui/button';

interface EditFormActionsProps {
  /** The banner for the whole form ('Please fix the highlighted fields.'); null: none. */
  formError: string | null;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** Test ids are `${testIdPrefix}-form-error` and `${testIdPrefix}-save`. */
  testIdPrefix: string;
}

/** The end of a record's edit page: the form's banner, Cancel and Save. */
export function EditFormActions({
  formError,
  pending,
  onCancel,
  submitLabel,
  testIdPrefix,
}: EditFormActionsProps) {
  return (
    <div className="form-actions">
      {formError ? (
        <p
          className="field__error form-actions__error"
          role="alert"
          data-testid={`${testIdPrefix}-form-error`}
        >
          {formError}
        </p>
      ) : null}
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending} data-testid={`${testIdPrefix}-save`}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </div>
  );
}
