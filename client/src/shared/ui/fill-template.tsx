import { createElement, Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with parts that are elements (a bold number, a link): `{name}` placeholders
 * of `template` become `parts[name]`, so each language keeps its own word order.
 */
export function fillTemplate(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  // Odd pieces are the names between braces; children passed as arguments need no keys.
  const pieces = template
    .split(/\{(\w+)\}/g)
    .map((piece, index) => (index % 2 === 1 ? (piece in parts ? parts[piece] : `{${piece}}`) : piece));
  return createElement(Fragment, null, ...pieces);
}
