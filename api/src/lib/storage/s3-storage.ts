import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type FileStorage, type ObjectInfo } from './storage.js';

export interface S3Settings {
  /** Unset for AWS itself; the URL of any S3-compatible service otherwise. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** Parts of a streamed put (an export); two in flight bound its memory to about 10 MB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const isNotFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) {
      return null;
    }
    throw error;
  }
}

function infoOf(output: {
  ContentLength?: number;
  ContentType?: string;
  ETag?: string;
  LastModified?: Date;
}): ObjectInfo {
  return {
    size: output.ContentLength ?? 0,
    contentType: output.ContentType ?? 'application/octet-stream',
    etag: output.ETag ?? '""',
    lastModified: output.LastModified ?? new Date(0),
  };
}

/** The SDK's first import takes about a second and 40 MB: only a process that uses the bucket pays it. */
async function connect(settings: S3Settings) {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new sdk.S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 demands them: many S3-compatible services reject the newer default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client, Upload };
}

export function s3Storage(settings: S3Settings): FileStorage {
  let connecting: ReturnType<typeof connect> | undefined;
  const s3 = () => {
    connecting ??= connect(settings);
    return connecting;
  };
  const Bucket = settings.bucket;
  const keyed = (key: string) => {
    assertKey(key);
    return { Bucket, Key: key };
  };
  return {
    driver: 's3',
    async put(key, body, { contentType }) {
      const { sdk, client, Upload } = await s3();
      if (Buffer.isBuffer(body)) {
        await client.send(
          new sdk.PutObjectCommand({
            ...keyed(key),
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
        return { size: body.length };
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { ...keyed(key), Body: counter, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([upload.done(), pipeline(body, counter)]);
      } catch (error) {
        counter.destroy();
        throw error;
      }
      return { size };
    },
    async get(key, range) {
      const { sdk, client } = await s3();
      const output = await orNull(
        client.send(
          new sdk.GetObjectCommand({
            ...keyed(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        ),
      );
      if (!output) {
        return null;
      }
      const whole = /\/(\d+)$/.exec(output.ContentRange ?? '');
      return {
        ...infoOf(output),
        size: whole ? Number(whole[1]) : (output.ContentLength ?? 0),
        body: output.Body as Readable,
        range: range ?? null,
      };
    },
    async head(key) {
      const { sdk, client } = await s3();
      const output = await orNull(client.send(new sdk.HeadObjectCommand(keyed(key))));
      return output ? infoOf(output) : null;
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand(keyed(key)));
    },
    async *list(prefix) {
      const { sdk, client } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) {
            yield {
              key: object.Key,
              size: object.Size ?? 0,
              lastModified: object.LastModified ?? new Date(0),
            };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async discardPartial() {
      // An interrupted multipart upload is invisible to readers; a bucket lifecycle rule
      // (AbortIncompleteMultipartUpload) removes its parts.
    },
  };
}
