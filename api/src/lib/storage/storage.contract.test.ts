import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../../test/fake-s3.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

// One behaviour, two drivers: every test here runs against local disk and against S3 (the fake).

let fake: FakeS3;
let root: string;
const drivers: Record<'local' | 's3', () => FileStorage> = {
  local: () => localStorage(root),
  s3: () =>
    s3Storage({
      endpoint: fake.endpoint,
      region: 'us-east-1',
      bucket: fake.bucket,
      forcePathStyle: true,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    }),
};

beforeAll(async () => {
  fake = await startFakeS3();
  root = await mkdtemp(path.join(tmpdir(), 'riyazi-storage-'));
});
afterAll(async () => {
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

const keys = async (storage: FileStorage, prefix: string) => {
  const found: string[] = [];
  for await (const object of storage.list(prefix)) {
    found.push(object.key);
  }
  return found;
};

function* csvChunks(lines: number) {
  for (let i = 0; i < lines; i += 1) {
    yield `${i},${'x'.repeat(90)}\n`;
  }
}

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  let storage: FileStorage;
  // A key of its own per test, so the tests of one driver never see each other's objects.
  const key = (name: string) => `t${driver}-${randomUUID()}/${name}`;
  beforeAll(() => {
    storage = drivers[driver]();
  });

  it('reads back what was put, with its size and type', async () => {
    const k = key('a.pdf');
    await storage.put(k, Buffer.from('%PDF-1.7 hello'), { contentType: 'application/pdf' });
    const object = await storage.get(k);
    expect(object).toMatchObject({ size: 14, contentType: 'application/pdf', range: null });
    expect(await text(object!.body)).toBe('%PDF-1.7 hello');
    expect(await storage.head(k)).toMatchObject({ size: 14, contentType: 'application/pdf' });
  });

  it('answers null for a missing object', async () => {
    expect(await storage.get(key('missing.pdf'))).toBeNull();
    expect(await storage.head(key('missing.pdf'))).toBeNull();
  });

  it('reads a byte range and still tells the whole size', async () => {
    const k = key('r.csv');
    await storage.put(k, Buffer.from('0123456789'), { contentType: 'text/csv; charset=utf-8' });
    const object = await storage.get(k, { start: 2, end: 5 });
    expect(object?.size).toBe(10);
    expect(object?.range).toEqual({ start: 2, end: 5 });
    expect(await text(object!.body)).toBe('2345');
  });

  it('stores a stream of several megabytes whole and reports its size', async () => {
    const k = key('big.csv');
    const lines = 70_000; // about 6.8 MB: two parts in S3
    const bytes = [...csvChunks(lines)].reduce((sum, line) => sum + line.length, 0);
    const { size } = await storage.put(k, Readable.from(csvChunks(lines)), {
      contentType: 'text/csv; charset=utf-8',
    });
    expect(size).toBe(bytes);
    const body = await text((await storage.get(k))!.body);
    expect(body.length).toBe(bytes);
    expect(body.endsWith(`${lines - 1},${'x'.repeat(90)}\n`)).toBe(true);
  });

  it('leaves no object behind when the stream fails', async () => {
    const k = key('broken.csv');
    async function* failing() {
      yield 'a,b\n';
      throw new Error('database went away');
    }
    await expect(storage.put(k, Readable.from(failing()), { contentType: 'text/csv' })).rejects.toThrow();
    expect(await storage.head(k)).toBeNull();
  });

  it('replaces an object put again', async () => {
    const k = key('again.csv');
    await storage.put(k, Buffer.from('first'), { contentType: 'text/csv; charset=utf-8' });
    await storage.put(k, Buffer.from('second!'), { contentType: 'text/csv; charset=utf-8' });
    expect(await text((await storage.get(k))!.body)).toBe('second!');
  });

  it('deletes, and deleting a missing object is no error', async () => {
    const k = key('gone.csv');
    await storage.put(k, Buffer.from('x'), { contentType: 'text/csv' });
    await storage.delete(k);
    expect(await storage.head(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('lists the objects under a prefix and nothing else', async () => {
    const dir = key('list');
    await storage.put(`${dir}/a/1.csv`, Buffer.from('1'), { contentType: 'text/csv' });
    await storage.put(`${dir}/a/2.csv`, Buffer.from('22'), { contentType: 'text/csv' });
    await storage.put(`${dir}/b/3.csv`, Buffer.from('333'), { contentType: 'text/csv' });
    expect(await keys(storage, `${dir}/a/`)).toEqual([`${dir}/a/1.csv`, `${dir}/a/2.csv`]);
    expect((await keys(storage, `${dir}/`)).length).toBe(3);
    expect(await keys(storage, `${dir}/none/`)).toEqual([]);
  });

  it('refuses keys that climb out of their place', async () => {
    for (const bad of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '.hidden/x', '']) {
      await expect(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /bad storage key/,
      );
    }
  });
});

describe('local storage on disk', () => {
  it('keeps files at the key path under the root, as before the storage layer', async () => {
    await localStorage(root).put('documents/x.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' });
    expect(await readdir(path.join(root, 'documents'))).toEqual(['x.pdf']);
  });

  it('discards the part files interrupted puts left beside a key', async () => {
    const storage = localStorage(root);
    await storage.put('exports/e.csv', Buffer.from('old'), { contentType: 'text/csv' });
    await writeFile(path.join(root, 'exports', 'e.csv.1a2b3c4d.part'), 'half');
    await writeFile(path.join(root, 'exports', 'other.csv.1a2b3c4d.part'), 'half');
    expect(await keys(storage, 'exports/')).toEqual(['exports/e.csv']);
    await storage.discardPartial('exports/e.csv');
    expect((await readdir(path.join(root, 'exports'))).sort()).toEqual(['e.csv', 'other.csv.1a2b3c4d.part']);
  });
});

describe('fake S3', () => {
  it('received SigV4-signed requests for its access key', () => {
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=FAKEACCESSKEY\//);
    }
    expect(fake.requests.some((r) => r.query.includes('uploadId'))).toBe(true);
  });

  it('refuses a client with another access key', async () => {
    const stranger = s3Storage({
      endpoint: fake.endpoint,
      region: 'us-east-1',
      bucket: fake.bucket,
      forcePathStyle: true,
      credentials: { accessKeyId: 'SOMEONEELSE', secretAccessKey: 'nope' },
    });
    await expect(
      stranger.put('x/y.csv', Buffer.from('x'), { contentType: 'text/csv' }),
    ).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });
});
