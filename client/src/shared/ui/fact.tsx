import type { ReactNode } from 'react';
import './facts.css';

/**
 * One label and its value in a `<dl className="facts">`. Nothing to show reads "Not given"; a
 * `wide` fact (an e-mail address, a message) takes a whole row instead of breaking mid-word.
 */
export function Fact({
  label,
  children,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={wide ? 'fact fact--wide' : 'fact'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{empty ? <span className="muted">Not given</span> : children}</dd>
    </div>
  );
}
