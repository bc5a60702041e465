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

export function ButtonLink({ variant, small, block, className, ...rest }: StyleProps & LinkProps) {
  const classes = `${buttonClass({ variant, small, block })} ${className ?? ''}`.trim();
  return <Link className={classes} {...rest} />;
}
