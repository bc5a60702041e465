import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './form.css';

interface FieldShellProps {
  label: string;
  hint?: string;
  error?: string | null;
}

/** The ids of a field's hint and error lines, for its control's aria-describedby. */
export function fieldDescribedBy(id: string, hint?: string, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's hint line (id `${id}-hint`), when it has one. */
export function FieldHint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

/** A field's error line (id `${id}-error`), when it has one. */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

/** A labelled field: the label for the control `id`, the control, then its hint and error lines. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldShellProps & { id: string; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: FieldShellProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        {...input}
      />
    </Field>
  );
}

/** A labelled text area with its hint and error lines, like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...textarea
}: FieldShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        {...textarea}
      />
    </Field>
  );
}

/** An e-mail input: the e-mail keyboard, no capitals, no spell check. */
export function EmailField(
  props: FieldShellProps &
    Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoCapitalize' | 'spellCheck'>,
) {
  return <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...select
}: FieldShellProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
}

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ label, hint, checked, onCheckedChange, ...input }: SwitchProps) {
  const id = useId();
  return (
    <label className="switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...input}
      />
      <span className="switch__text">
        <span className="switch__label">{label}</span>
        {hint ? (
          <span className="field__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** A select's options made from records: each record's id is its value, `label` its text. */
export function RecordOptions<T extends { _id: string }>({
  items,
  label,
}: {
  items: readonly T[];
  label: (item: T) => string;
}) {
  return (
    <>
      {items.map((item) => (
        <option key={item._id} value={item._id}>
          {label(item)}
        </option>
      ))}
    </>
  );
}
