import { type InputHTMLAttributes, useId, useState } from 'react';
import { Field, fieldDescribedBy } from './field';
import './form.css';

/** The words of the Show/Hide button; English unless a student page passes its language's. */
export interface PasswordFieldTexts {
  show: string;
  hide: string;
  /** Read after Show/Hide by screen readers: ' password'. */
  password: string;
}

const ENGLISH_TEXTS: PasswordFieldTexts = { show: 'Show', hide: 'Hide', password: ' password' };

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  error?: string | null;
  texts?: PasswordFieldTexts;
}

/** A password input with a Show/Hide button: typing on a small phone keyboard is error-prone. */
export function PasswordField({
  label,
  hint,
  error,
  className,
  texts = ENGLISH_TEXTS,
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className="input-with-button">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
          {...input}
        />
        <button
          type="button"
          className="input-with-button__button"
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? texts.hide : texts.show}
          <span className="visually-hidden">{texts.password}</span>
        </button>
      </div>
    </Field>
  );
}
