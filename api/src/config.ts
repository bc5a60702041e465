import { createHmac } from 'node:crypto';
import { z } from 'zod';

const DEV_SECRET = 'riyazi-development-only-secret-change-me';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/riyazi'),
  /** The api's PostgreSQL pool per node (README "Connections": the sum over nodes must fit max_connections). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  /** A read-only database (a streaming replica) for boards, reports and exports; empty or unset: the primary. */
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_READ_POOL_MAX: z.coerce.number().int().min(1).max(200).default(5),
  /** A table marked written this recently is read on the primary, whatever the replica's lag says. */
  DATABASE_READ_LAG_TOLERANCE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A replica further behind than this (or unreachable) is not read: everything goes to the primary. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /**
   * Named (server-side) prepared statements for the hot queries. Off behind PgBouncer in transaction
   * mode (1.18 and older keep no prepared statement across transactions); README "Several hosts".
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /**
   * A connection that keeps its session (PostgreSQL itself, or a PgBouncer pool in session mode),
   * for what holds a session advisory lock: the student export's run lock. Unset = DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The workers' PostgreSQL pool per workers process. */
  WORKER_DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /**
   * Redis through Sentinel: `host:port,host:port,…` of the Sentinels, and the master's name. When set,
   * REDIS_URL gives only the password and database number; its host and port are not used.
   */
  REDIS_SENTINELS: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) {
        return undefined;
      }
      const list = s
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const sentinels = list.map((entry) => /^([^\s:]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(entry));
      const port = (m: RegExpExecArray | null) => (m ? Number(m[2]) : 0);
      if (list.length === 0 || sentinels.some((m) => m === null || port(m) < 1 || port(m) > 65_535)) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of host:port' });
        return z.NEVER;
      }
      return sentinels.map((m) => ({
        host: String(m?.[1]).replace(/^\[(.*)\]$/, '$1'),
        port: port(m),
      }));
    }),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _, . and - only')
    .optional(),
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'letters, digits, _ and - only')
    .default('riyazi'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_ACCESS_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  REFRESH_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(20),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  /** Keys the hashes of a contest play's origin (IP, device id); default derived from JWT_SECRET. */
  INTEGRITY_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The site's address (links in e-mails, payment return URLs); default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' }))),
  CLIENT_DIST: z.string().optional(),
  UPLOAD_DIR: z.string().min(1).default('var/uploads'),
  /** Where uploads, documents and exports live: local disk (UPLOAD_DIR) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, . and -)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Socket.IO connections one network (an IPv4 address or an IPv6 /64) may hold per api node; 0 = no cap. */
  SOCKET_CONNECTIONS_PER_NETWORK: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /** Named in an X-Riyazi-Node response header (which node answered, behind a balancer); none unset. */
  NODE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _, . and - only')
    .optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The sandbox gateway credits attempts for nothing: refused in production unless this is true. */
  PAYMENT_SANDBOX_IN_PRODUCTION: bool.default(false),
  /** Prometheus listeners (README "Metrics"): unset or 0 = off; loopback unless METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The worker groups this workers process runs (README "Worker groups"): both by default, one each under `npm start`. */
  WORKER_GROUPS: z
    .string()
    .default('contest,background')
    .transform((v) => [...new Set(v.split(',').map((g) => g.trim()))])
    .pipe(z.array(z.enum(['contest', 'background'])).min(1)),
  /** The workers' /health/live and /health/ready listener on HOST (README "Workers health"); 0 = off. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * A workers process whose liveness check has failed this long without a break exits (its supervisor
   * or restart policy starts a fresh one); 0 = never. Counts whether or not WORKER_HEALTH_PORT is set.
   */
  WORKER_EXIT_WHEN_DEAD_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** SIGTERM: how long /api/health/ready answers 503 while still serving, so the balancer stops sending. */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** SIGTERM: how long requests in flight get to finish once the node stops accepting connections. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Workers delete outbox events enqueued longer ago than this (their jobs were handed over). */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** Where the public contact form's messages go. */
  CONTACT_EMAIL: z.email().default('contact@riyazi.pk'),
  /** Demo students, quizzes and payments on an empty database (README); default on outside production. */
  SEED_DEMO: bool.optional(),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the loader reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config
  extends Omit<Env, 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'PUBLIC_URL' | 'INTEGRITY_HASH_KEY' | 'SEED_DEMO'> {
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  INTEGRITY_HASH_KEY: string;
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
  isProduction: boolean;
}

/**
 * Whether browsers reach this install over https only (production with an https PUBLIC_URL): then
 * cookies are Secure and pages have their requests upgraded to https. A school's LAN install
 * served over plain http (PUBLIC_URL http://192.168.…) gets neither: a browser drops a Secure cookie
 * sent over http, and upgraded requests would find no https there.
 */
export const servedOverHttps = (config: Pick<Config, 'isProduction' | 'PUBLIC_URL'>): boolean =>
  config.isProduction && new URL(config.PUBLIC_URL).protocol === 'https:';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRETS = ['JWT_SECRET', 'ENCRYPTION_KEY'] as const;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function s3Problems(env: Env): string[] {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: is required when STORAGE_DRIVER=s3');
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push(
      'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default credentials)',
    );
  }
  return problems;
}

/**
 * An empty (or blank) variable means unset: compose's `${VAR:-}` and a bare `VAR=` in a .env file pass
 * empty strings for what nobody chose. A required one then fails as missing, naming the variable.
 */
function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );
}

/** Parses the environment once; every bad or missing variable is named in the error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(withoutEmptyValues(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const storageProblems = s3Problems(env);
  if (storageProblems.length) {
    throw new ConfigError(storageProblems);
  }
  if (!env.REDIS_SENTINELS !== !env.REDIS_SENTINEL_NAME) {
    throw new ConfigError([
      'REDIS_SENTINELS / REDIS_SENTINEL_NAME: set both (Redis through Sentinel), or neither',
    ]);
  }
  const isProduction = env.NODE_ENV === 'production';
  if (!LOOPBACK.has(env.METRICS_HOST) && !env.METRICS_TOKEN) {
    throw new ConfigError([`METRICS_TOKEN: is required when METRICS_HOST is not a loopback address`]);
  }
  if (isProduction) {
    const missing = SECRETS.filter((name) => !env[name]);
    if (missing.length) {
      throw new ConfigError(missing.map((name) => `${name}: is required when NODE_ENV=production`));
    }
  }
  const jwtSecret = env.JWT_SECRET ?? DEV_SECRET;
  return Object.freeze({
    ...env,
    // Derived, not the JWT secret itself: a leaked hash key must not sign tokens.
    INTEGRITY_HASH_KEY:
      env.INTEGRITY_HASH_KEY ??
      createHmac('sha256', jwtSecret).update('riyazi-integrity-origin').digest('hex'),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    JWT_SECRET: jwtSecret,
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? '0'.repeat(64),
    SEED_DEMO: env.SEED_DEMO ?? !isProduction,
    isProduction,
  });
}
