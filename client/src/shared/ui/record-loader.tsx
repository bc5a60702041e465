import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RecordStatus } from './record-status';

interface RecordLoaderProps<T> {
  query: UseQueryResult<T>;
  /** The page's title while the record loads ('Edit quiz'). */
  title: string;
  noun: string;
  children: (record: T) => ReactNode;
}

/** A page for one record: its loading or error state (RecordStatus), then the page for the record. */
export function RecordLoader<T>({ query, title, noun, children }: RecordLoaderProps<T>) {
  if (!query.isSuccess) {
    return (
      <div className="stack">
        <RecordStatus query={query} title={title} noun={noun} />
      </div>
    );
  }
  return children(query.data);
}
