import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The bytes `body` holds when a range was asked for; `size` stays the whole object's. */
  range: ByteRange | null;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PutOptions {
  contentType: string;
  /** Local disk only: readable by other users of the machine (public files), else owner-only. */
  isPublic?: boolean;
}

/**
 * Where user files live (uploads, student documents, exports), by key (`documents/<uuid>.pdf`).
 * A put is all or nothing: a reader sees the whole object or none. Local disk by default; an
 * S3-compatible bucket when several machines must see the same files.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<{ size: number }>;
  /** null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Removes what interrupted puts of `key` left behind (local .part files; S3 leaves that to a lifecycle rule). */
  discardPartial(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Keys are relative paths of plain names: no empty, dot-led or `..` segment. */
export function assertKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`bad storage key: ${key}`);
  }
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** The local driver keeps no metadata: a file's type follows from its extension. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}
