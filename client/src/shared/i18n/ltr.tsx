import type { ReactNode } from 'react';

/**
 * Maths, numbers, e-mail addresses, codes and names in Latin script inside Urdu text: kept
 * left-to-right and isolated, so "3 of 15" or "fatima@example.com" never reads backwards.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
