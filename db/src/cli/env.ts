export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/riyazi';

export function databaseUrlFromEnv(): string {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  try {
    new URL(url);
  } catch {
    console.error('DATABASE_URL is not a valid URL (expected postgres://user@host:port/database)');
    process.exit(1);
  }
  return url;
}
