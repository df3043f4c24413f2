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
    redisUrl: env.REDIS_URL || undefined,
    dataDir,
    mediaDir: path.resolve(dataDir, env.MEDIA_DIR ?? 'media'),
    uploadDir: path.resolve(dataDir, 'uploads'),
    mediaWorker: env.MEDIA_WORKER !== '0',
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
    loginThrottle: {
      windowMs: intFrom(env.LOGIN_THROTTLE_WINDOW_MS, 15 * 60 * 1000),
      maxPerAccount: intFrom(env.LOGIN_THROTTLE_MAX_ACCOUNT, 5),
      maxPerIp: intFrom(env.LOGIN_THROTTLE_MAX_IP, 20),
    },
  };
}
