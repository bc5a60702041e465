import type { Config } from '../../config.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export { localStorage } from './local-storage.js';
export { type S3Settings, s3Storage } from './s3-storage.js';
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
  return s3Storage({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}
