import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';

interface StyleProps {
  variant?: ButtonVariant;
  small?: boolean;
  block?: boolean;
}

export function buttonClass({ variant = 'primary', small = false, block = false }: StyleProps): string {
  return ['btn', `btn--${variant}`, small ? 'btn--small' : '', block ? 'btn--block' : '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = StyleProps & ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode };

export function Button({ variant, small, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = `${buttonClass({ variant, small, block })} ${className ?? ''}`.trim();
  return <button type={type} className={classes} {...rest} />;
}

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** While the form is being sent: the button is disabled and says `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
}

/** A form's full-width submit button. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" block disabled={disabled ?? pending} {...rest}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

export function ButtonLink({ variant, small, block, className, ...rest }: StyleProps & LinkProps) {
  const classes = `${buttonClass({ variant, small, block })} ${className ?? ''}`.trim();
  return <Link className={classes} {...rest} />;
}
