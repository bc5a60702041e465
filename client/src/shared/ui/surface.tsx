import type { HTMLAttributes, ReactNode } from 'react';
import './surface.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={`card ${className ?? ''}`.trim()} {...rest} />;
}

export type AlertTone = 'info' | 'success' | 'error' | 'warning';

export function Alert({
  tone,
  children,
  ...rest
}: { tone: AlertTone; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const role = tone === 'error' ? 'alert' : 'status';
  return (
    <div className={`alert alert--${tone}`} role={role} {...rest}>
      <div>{children}</div>
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-block" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
