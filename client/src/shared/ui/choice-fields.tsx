import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from './field';
import './form.css';

interface RadioGroupFieldProps<V extends string> {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V | '';
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  /** The group gets this test id and each radio `<testId>-<value>`. */
  testId?: string;
}

export function RadioGroupField<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  testId,
}: RadioGroupFieldProps<V>) {
  const id = useId();
  return (
    <fieldset
      className="field choice-group"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              data-testid={testId ? `${testId}-${option.value}` : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
}

export function CheckboxField({ label, checked, onCheckedChange, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="choice">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
