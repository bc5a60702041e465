import type { Module } from '@riyazi/api/contracts';
import type { ReactNode } from 'react';
import type { ReferenceEndpoint, RequestBody } from '../api/reference-api';

/** A form's values while editing: text inputs hold strings, switches hold booleans. */
export type Draft = Record<string, string | boolean>;

type KeyOfType<D, V> = { [K in keyof D]: D[K] extends V ? K : never }[keyof D] & string;

export type FieldSpec<D extends Draft> =
  | {
      kind: 'text' | 'number' | 'datetime';
      key: KeyOfType<D, string>;
      label: string;
      maxLength?: number;
      hint?: string;
    }
  | {
      kind: 'select';
      key: KeyOfType<D, string>;
      label: string;
      placeholder: string;
      options: { value: string; label: string }[];
      hint?: string;
    }
  | { kind: 'switch'; key: KeyOfType<D, boolean>; label: string; hint?: string };

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** Everything that differs between the reference lists; the page and dialogs are shared. */
export interface ReferenceConfig<T extends { _id: string }, D extends Draft> {
  endpoint: ReferenceEndpoint;
  module: Module;
  title: string;
  about: string;
  /** 'Grade': toasts read '<noun> added', buttons 'Add <noun lower>'. */
  noun: string;
  plural: string;
  searchPlaceholder: string;
  rowName: (row: T) => string;
  columns: Column<T>[];
  /** Rows with an isActive switch (grades, categories, sub categories). */
  isActive?: (row: T) => boolean;
  emptyDraft: () => D;
  draftOf: (row: T) => D;
  fields: FieldSpec<D>[];
  /** Field key to problem, only for fields with a problem. */
  validate: (draft: D) => Record<string, string>;
  toBody: (draft: D) => RequestBody;
  /** Actions of a row beyond Edit and Delete (a phase: End the contest, Results). */
  rowActions?: (row: T) => ReactNode;
}

/** The fields whose value differs from the row's, so an update sends only what changed. */
export function changedFields(before: RequestBody, after: RequestBody): RequestBody {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
}
