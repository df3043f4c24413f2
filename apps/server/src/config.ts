import path from 'node:path';
import { MESSAGES_PER_MINUTE } from '@wag/contract/messages';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, type TrustProxy } from './lib/client-info.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * Parameterized queries as named prepared statements, on PostgreSQL and embedded (src/db/prepared-statements.ts).
   * DATABASE_PREPARED_STATEMENTS=0 turns them off, e.g. behind a pooler in transaction mode that
   * does not carry them.
   */
  databasePreparedStatements: boolean;
  /** Redis for the live channel between several server processes; else PostgreSQL LISTEN/NOTIFY. */
  redisUrl: string | undefined;
  dataDir: string;
  mediaDir: string;
  /** Uploads waiting to be processed (kept across restarts for video jobs). */
  uploadDir: string;
  /**
   * Signs what the server hands out (media cookies, trusted-device cookies). From APP_SECRET; when
   * unset (never in production), one is generated once and kept in the database, so every process
   * on it signs alike and nothing changes at a restart (lib/app-secret.ts).
   */
  appSecret: string | undefined;
  /** NODE_ENV=production: no demo world, no demo accounts, no test-only providers, secrets from the environment. */
  production: boolean;
  /** Largest uploaded media file, in bytes. */
  uploadMaxBytes: number;
  /** Run the background video worker in this process. */
  mediaWorker: boolean;
  /**
   * PGLITE_THREAD=1: the embedded database runs in its own worker thread (docs/decisions/0028-embedded-database.md);
   * unset or 0, on the main thread as before, until the thread is measured on a quiet machine.
   */
  pgliteThread: boolean;
  webDistDir: string;
  seedDemo: boolean;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Proxies in front of the server believed about the client's address (X-Forwarded-For): a hop count or their addresses. */
  trustProxy: TrustProxy;
  loginThrottle: { windowMs: number; maxPerAccount: number; maxPerIp: number };
  /** Direct messages one sender may send per minute. */
  messagesPerMinute: number;
  /** Multiplies every limit of services/rate-limit-rules.ts; 0 switches them off. */
  rateLimitScale: number;
  /** Another origin media is loaded from (S3 or a CDN), allowed by the Content-Security-Policy. */
  mediaOrigin: string | undefined;
  /** SMTP server mail goes through (smtp://user:pass@host:port, smtps://…); unset: written to outboxDir. */
  smtpUrl: string | undefined;
  /** Where people open the web app: the start of the links WAG sends by email. */
  publicUrl: string;
  /** The From of every message WAG sends. */
  mailFrom: string;
  /** Where messages are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  payments: PaymentsConfig;
  /**
   * The key identity documents are encrypted with (IDENTITY_KEY: 32 bytes as 64 hex or base64);
   * required in production. Unset elsewhere: generated once into keysDir with owner-only permissions.
   */
  identityKey: string | undefined;
  /** Where the embedded default keeps keys it generated: beside the data, never inside it. */
  keysDir: string;
  /** Where the encrypted identity documents are kept (never the media folder). */
  identityDir: string;
  /** Where media, queued uploads and identity documents are kept: the local disk or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * How long a job is held without news from its worker (JOB_LEASE_MS, 30 s): a killed worker's job
   * is taken by another after it. Tests shorten it; the heartbeat renews it every third of it.
   */
  jobLeaseMs: number;
  /** How long a stopping process waits for requests in flight and its running job (SHUTDOWN_TIMEOUT_MS, 10 s). */
  shutdownTimeoutMs: number;
  /** Bearer token /metrics asks for (METRICS_TOKEN); without it /metrics is open, except in production where it is off. */
  metricsToken: string | undefined;
}

/**
 * STORAGE=local (the default): media under mediaDir, queued uploads under uploadDir, identity documents
 * under identityDir. STORAGE=s3: all three in S3-compatible buckets (docs/decisions/0004-media-storage.md),
 * so several machines share them; the S3_* settings are checked at start (lib/production-guard.ts).
 */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  /** S3_ENDPOINT: the service's address (MinIO, s3rver, a provider's); unset, AWS's own for the region. */
  endpoint: string | undefined;
  /** S3_BUCKET: media and queued uploads (prefixes u/, r/ and incoming/). */
  bucket: string;
  /** S3_IDENTITY_BUCKET: identity documents, a bucket without versioning so that deletion is final. */
  identityBucket: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE=0 turns off path-style addresses (on by default, as MinIO and s3rver need). */
  forcePathStyle: boolean;
  /**
   * S3_PRESIGNED_REDIRECT=1: an allowed viewer of a file that is not part of an HLS stream gets a 302 to a
   * URL signed for about 60 seconds instead of the bytes streamed by the server.
   */
  presignedRedirect: boolean;
}

function storageFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3 (not: ${kind})`);
  return {
    kind,
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET ?? '',
    identityBucket: env.S3_IDENTITY_BUCKET ?? '',
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== '0',
    presignedRedirect: env.S3_PRESIGNED_REDIRECT === '1',
  };
}

/** What STORAGE=s3 lacks to work: each missing setting by its variable's name. */
export function missingS3Settings(storage: StorageConfig): string[] {
  if (storage.kind !== 's3') return [];
  const settings: Array<[string, string]> = [
    ['S3_BUCKET', storage.bucket],
    ['S3_IDENTITY_BUCKET', storage.identityBucket],
    ['S3_ACCESS_KEY_ID', storage.accessKeyId],
    ['S3_SECRET_ACCESS_KEY', storage.secretAccessKey],
  ];
  return settings.filter(([, value]) => !value).map(([name]) => name);
}

/** CCBill account settings (docs/decisions/0020): all given, or CCBill is off. */
export interface CcbillConfig {
  accountNumber: string;
  subAccount: string;
  /** The FlexForms id of the hosted payment form. */
  flexFormId: string;
  /** The salt dynamic-pricing digests are made with. */
  salt: string;
  /** The secret WAG's webhook address carries (CCBill signs nothing: the address is the credential, with its source addresses). */
  webhookSecret: string;
  /** The processor's webhook source addresses (CIDR), checked unless empty. */
  webhookSources: string[];
  /** ISO 4217 numeric code of the currency (840 = USD). */
  currencyCode: string;
}

export interface PaymentsConfig {
  /** 'sandbox' (the default, refused in production) or 'ccbill' (when its settings are given). */
  provider: 'sandbox' | 'ccbill';
  currency: string;
  /** The platform's share of every sale, in percent (PLATFORM_FEE_PERCENT, default 20). */
  platformFeePercent: number;
  ccbill: CcbillConfig | undefined;
}

/** CCBill's documented webhook source ranges. */
const CCBILL_WEBHOOK_SOURCES = ['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24'];

function paymentsFrom(env: NodeJS.ProcessEnv): PaymentsConfig {
  const fee = env.PLATFORM_FEE_PERCENT === undefined || env.PLATFORM_FEE_PERCENT === '' ? 20 : Number(env.PLATFORM_FEE_PERCENT);
  if (!Number.isFinite(fee) || fee < 0 || fee >= 100) throw new Error(`PLATFORM_FEE_PERCENT must be a number from 0 to 99 (not: ${env.PLATFORM_FEE_PERCENT})`);
  const ccbillValues = [env.CCBILL_ACCOUNT_NUMBER, env.CCBILL_SUBACCOUNT, env.CCBILL_FLEXFORM_ID, env.CCBILL_SALT, env.CCBILL_WEBHOOK_SECRET];
  const given = ccbillValues.filter((value) => value !== undefined && value !== '').length;
  if (given > 0 && given < ccbillValues.length) {
    throw new Error('CCBill needs CCBILL_ACCOUNT_NUMBER, CCBILL_SUBACCOUNT, CCBILL_FLEXFORM_ID, CCBILL_SALT and CCBILL_WEBHOOK_SECRET together');
  }
  const ccbill: CcbillConfig | undefined =
    given === 0
      ? undefined
      : {
          accountNumber: env.CCBILL_ACCOUNT_NUMBER!,
          subAccount: env.CCBILL_SUBACCOUNT!,
          flexFormId: env.CCBILL_FLEXFORM_ID!,
          salt: env.CCBILL_SALT!,
          webhookSecret: env.CCBILL_WEBHOOK_SECRET!,
          webhookSources:
            env.CCBILL_WEBHOOK_SOURCES === undefined
              ? CCBILL_WEBHOOK_SOURCES
              : env.CCBILL_WEBHOOK_SOURCES.split(',').map((part) => part.trim()).filter(Boolean),
          currencyCode: env.CCBILL_CURRENCY_CODE || '840',
        };
  const provider = env.PAYMENT_PROVIDER === 'ccbill' || (env.PAYMENT_PROVIDER === undefined && ccbill) ? 'ccbill' : 'sandbox';
  if (env.PAYMENT_PROVIDER && env.PAYMENT_PROVIDER !== 'sandbox' && env.PAYMENT_PROVIDER !== 'ccbill') {
    throw new Error(`PAYMENT_PROVIDER must be sandbox or ccbill (not: ${env.PAYMENT_PROVIDER})`);
  }
  if (provider === 'ccbill' && !ccbill) throw new Error('PAYMENT_PROVIDER=ccbill needs the CCBILL_* settings');
  return { provider, currency: env.PAYMENT_CURRENCY || 'USD', platformFeePercent: fee, ccbill };
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function scaleFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`RATE_LIMIT_SCALE must be a number, 0 or more (not: ${value})`);
  return parsed;
}

/** Reads every environment variable the server uses, once, with its default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  const production = env.NODE_ENV === 'production';
  return {
    production,
    port: intFrom(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== '0',
    redisUrl: env.REDIS_URL || undefined,
    dataDir,
    mediaDir: path.resolve(dataDir, env.MEDIA_DIR ?? 'media'),
    uploadDir: path.resolve(dataDir, 'uploads'),
    mediaWorker: env.MEDIA_WORKER !== '0',
    pgliteThread: env.PGLITE_THREAD === '1',
    uploadMaxBytes: intFrom(env.UPLOAD_MAX_BYTES, 200 * 1024 * 1024),
    appSecret: env.APP_SECRET || undefined,
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    // The demo world is on by default for `npm start`, off by default in production.
    seedDemo: env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? !production : env.SEED_DEMO !== '0',
    bodyLimit: intFrom(env.BODY_LIMIT, 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    messagesPerMinute: intFrom(env.MESSAGES_PER_MINUTE, MESSAGES_PER_MINUTE),
    rateLimitScale: scaleFrom(env.RATE_LIMIT_SCALE),
    // Only the origin goes into the policy; a value that is not a URL stops the start.
    mediaOrigin: env.MEDIA_ORIGIN ? new URL(env.MEDIA_ORIGIN).origin : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${intFrom(env.PORT, 3000)}`),
    mailFrom: env.MAIL_FROM || 'WAG <no-responder@wag.localhost>',
    outboxDir: path.resolve(dataDir, 'outbox'),
    payments: paymentsFrom(env),
    identityKey: env.IDENTITY_KEY || undefined,
    keysDir: path.resolve(repoRoot, env.KEYS_DIR ?? path.join(path.dirname(dataDir), `${path.basename(dataDir)}-keys`)),
    identityDir: path.resolve(dataDir, 'identity'),
    storage: storageFrom(env),
    jobLeaseMs: Math.max(1000, intFrom(env.JOB_LEASE_MS, 30_000)),
    shutdownTimeoutMs: Math.max(0, intFrom(env.SHUTDOWN_TIMEOUT_MS, 10_000)),
    metricsToken: env.METRICS_TOKEN || undefined,
    loginThrottle: {
      windowMs: intFrom(env.LOGIN_THROTTLE_WINDOW_MS, 15 * 60 * 1000),
      maxPerAccount: intFrom(env.LOGIN_THROTTLE_MAX_ACCOUNT, 5),
      maxPerIp: intFrom(env.LOGIN_THROTTLE_MAX_IP, 20),
    },
  };
}
