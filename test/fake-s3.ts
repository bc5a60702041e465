import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local S3 that speaks the real REST protocol, path-style (http://host/bucket/key), in memory:
// PutObject, GetObject (Range), HeadObject, DeleteObject, ListObjectsV2 and the multipart calls
// the SDK's Upload makes. It checks that each request carries a SigV4 Authorization header for
// the access key it was given, but not the signature itself.

interface FakeObject {
  data: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The env an api or workers process needs to use this bucket. */
  env: Record<string, string>;
  objects: Map<string, FakeObject>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/\d{8}\/[a-z0-9-]+\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sendXml(res: ServerResponse, status: number, body: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  if (res.req.method === 'HEAD') {
    res.writeHead(status).end();
    return;
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Undoes aws-chunked framing (`<hex size>[;ext]\r\n<data>\r\n … 0\r\n<trailers>\r\n`). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString().split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || lineEnd < 0) {
      throw new Error('bad aws-chunked body');
    }
    if (size === 0) {
      return Buffer.concat(parts);
    }
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

async function payloadOf(req: IncomingMessage): Promise<Buffer> {
  const raw = await readBody(req);
  const sha = String(req.headers['x-amz-content-sha256'] ?? '');
  return sha.startsWith('STREAMING-') ? decodeAwsChunked(raw) : raw;
}

const etagOf = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`; null when unsatisfiable. */
function rangeOf(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) {
    return null;
  }
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

function objectHeaders(object: FakeObject, length: number): Record<string, string | number> {
  return {
    'content-type': object.contentType,
    'content-length': length,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
}

export async function startFakeS3(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'riyazi-test';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-access-key';
  const objects = new Map<string, FakeObject>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: FakeS3Request[] = [];

  function getObject(req: IncomingMessage, res: ServerResponse, key: string) {
    const object = objects.get(key);
    if (!object) {
      sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return;
    }
    const header = req.headers.range;
    if (!header) {
      res.writeHead(200, objectHeaders(object, object.data.length));
      res.end(req.method === 'HEAD' ? undefined : object.data);
      return;
    }
    const range = rangeOf(header, object.data.length);
    if (!range) {
      sendError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
      return;
    }
    res.writeHead(206, {
      ...objectHeaders(object, range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${object.data.length}`,
    });
    res.end(object.data.subarray(range.start, range.end + 1));
  }

  function listObjects(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
    const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const o = objects.get(key) as FakeObject;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${escapeXml(o.etag)}</ETag><Size>${o.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated
      ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>`
      : '';
    sendXml(
      res,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  async function multipart(req: IncomingMessage, res: ServerResponse, key: string, query: URLSearchParams) {
    if (req.method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, {
        key,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        parts: new Map(),
      });
      sendXml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    const upload = uploads.get(query.get('uploadId') ?? '');
    if (!upload || upload.key !== key) {
      sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      return;
    }
    if (req.method === 'PUT') {
      const data = await payloadOf(req);
      upload.parts.set(Number(query.get('partNumber')), data);
      res.writeHead(200, { etag: etagOf(data) }).end();
    } else if (req.method === 'DELETE') {
      uploads.delete(query.get('uploadId') ?? '');
      res.writeHead(204).end();
    } else {
      const listed = [...(await readBody(req)).toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)];
      const data = Buffer.concat(listed.map((m) => upload.parts.get(Number(m[1])) ?? Buffer.alloc(0)));
      uploads.delete(query.get('uploadId') ?? '');
      const object = { data, contentType: upload.contentType, etag: etagOf(data), lastModified: new Date() };
      objects.set(key, object);
      sendXml(
        res,
        200,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(object.etag)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.search, authorization });
    const credential = SIGV4.exec(authorization ?? '');
    if (!credential || !req.headers['x-amz-date'] || !req.headers['x-amz-content-sha256']) {
      sendError(res, 403, 'AccessDenied', 'A SigV4 Authorization header is required');
      return;
    }
    if (credential[1] !== accessKeyId) {
      sendError(res, 403, 'InvalidAccessKeyId', 'The access key ID does not exist in our records.');
      return;
    }
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucketName !== bucket) {
      sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    } else if (key === '' && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      listObjects(res, url.searchParams);
    } else if (key === '') {
      sendError(res, 501, 'NotImplemented', 'Only ListObjectsV2 is implemented on the bucket');
    } else if (url.searchParams.has('uploads') || url.searchParams.has('uploadId')) {
      await multipart(req, res, key, url.searchParams);
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      getObject(req, res, key);
    } else if (req.method === 'PUT') {
      const data = await payloadOf(req);
      const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
      objects.set(key, { data, contentType, etag: etagOf(data), lastModified: new Date() });
      res.writeHead(200, { etag: etagOf(data) }).end();
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
