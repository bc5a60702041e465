const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Exports live outside the public files: they are only served by the authenticated download route. */
export function exportKeyOf(jobId: string): string {
  if (!JOB_ID.test(jobId)) {
    throw new Error(`bad export job id: ${jobId}`);
  }
  return `exports/${jobId}.csv`;
}
