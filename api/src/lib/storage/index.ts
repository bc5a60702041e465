import type { Config } from '../../config.js';
import { localStorage } from './local-storage.js';
import type { S3Settings } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export { localStorage } from './local-storage.js';
export type { S3Settings } from './s3-storage.js';
export type * from './storage.js';
export { assertKey, contentTypeOfKey } from './storage.js';

/** The config a storage is built from: plain data, so the export process can be handed it over IPC. */
export type StorageSettings = Pick<
  Config,
  | 'STORAGE_DRIVER'
  | 'UPLOAD_DIR'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

export function storageSettingsOf(config: Readonly<StorageSettings>): StorageSettings {
  return {
    STORAGE_DRIVER: config.STORAGE_DRIVER,
    UPLOAD_DIR: config.UPLOAD_DIR,
    S3_ENDPOINT: config.S3_ENDPOINT,
    S3_REGION: config.S3_REGION,
    S3_BUCKET: config.S3_BUCKET,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE,
  };
}

export const localStorageSettings = (uploadDir: string): StorageSettings => ({
  STORAGE_DRIVER: 'local',
  UPLOAD_DIR: uploadDir,
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: false,
});

export function createStorage(settings: Readonly<StorageSettings>): FileStorage {
  if (settings.STORAGE_DRIVER === 'local') {
    return localStorage(settings.UPLOAD_DIR);
  }
  if (!settings.S3_BUCKET) {
    throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return lazyS3Storage({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}

/**
 * The AWS SDK is imported on first use: it takes about a second and 40 MB, which a process that
 * never touches the bucket (an export process on local disk, a test) should not pay.
 */
export function lazyS3Storage(settings: S3Settings): FileStorage {
  let loaded: Promise<FileStorage> | undefined;
  const target = () => {
    loaded ??= import('./s3-storage.js').then((m) => m.s3Storage(settings));
    return loaded;
  };
  return {
    driver: 's3',
    put: async (key, body, options) => (await target()).put(key, body, options),
    get: async (key, range) => (await target()).get(key, range),
    head: async (key) => (await target()).head(key),
    delete: async (key) => (await target()).delete(key),
    async *list(prefix) {
      yield* (await target()).list(prefix);
    },
    discardPartial: async (key) => (await target()).discardPartial(key),
  };
}
