import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
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

interface RecordFormRouteProps<T> {
  /** The query of the record the address names. */
  useRecord: (id: string) => UseQueryResult<T>;
  /** The page's title while the record loads ('Edit quiz'). */
  title: string;
  noun: string;
  /** The form: for a new record (null) or for the loaded one. */
  form: (record: T | null) => ReactNode;
}

/** /x/new and /x/{id}: one form for both; an existing record is loaded first. */
export function RecordFormRoute<T extends { _id: string }>(props: RecordFormRouteProps<T>) {
  const { id } = useParams();
  return id === undefined || id === 'new' ? props.form(null) : <EditRecord id={id} {...props} />;
}

function EditRecord<T extends { _id: string }>({
  id,
  useRecord,
  title,
  noun,
  form,
}: RecordFormRouteProps<T> & { id: string }) {
  const detail = useRecord(id);
  return (
    <RecordLoader query={detail} title={title} noun={noun}>
      {/* Keyed by the record: the form starts from its saved content. */}
      {(record) => <Fragment key={record._id}>{form(record)}</Fragment>}
    </RecordLoader>
  );
}
