import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exports live outside the public folder: they are only served by the authenticated download route. */
export const exportDirOf = (uploadRoot: string) => path.resolve(uploadRoot, 'exports');

export function exportFileOf(uploadRoot: string, jobId: string): string {
  if (!JOB_ID.test(jobId)) {
    throw new Error(`bad export job id: ${jobId}`);
  }
  return path.join(exportDirOf(uploadRoot), `${jobId}.csv`);
}

/** A per-run temporary name, so a retry racing a stalled run never appends to its file. */
export const partFileOf = (file: string) => `${file}.${randomBytes(4).toString('hex')}.part`;

/** Deletes what killed runs of this export left behind; the run about to start writes anew. */
export async function removePartFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.part'))
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}
