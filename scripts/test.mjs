#!/usr/bin/env node
// Runs every test of the repository: unit and integration (Vitest), then the browser tests
// (Playwright on Debian's Chromium) against the built web app. With TEST_DATABASE_URL set, the
// server suite runs a second time against that PostgreSQL server, and the cluster test (nginx in
// front of several server processes on it, with Redis) runs after it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const started = Date.now();
const timings = [];

function run(label, command, args, env = {}) {
  const began = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  timings.push(`${label}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`No Chromium at ${CHROMIUM}: install Debian's "chromium" package (apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.`);
    process.exit(1);
  }
  run('Installing Debian chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core']);
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing: browser tests cannot run.`);
    process.exit(1);
  }
}

const { TEST_DATABASE_URL, ...envWithoutTestDatabase } = process.env;

ensureChromium();
// First pass: everything on the embedded database, whatever the environment says.
const firstBegan = Date.now();
const first = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: envWithoutTestDatabase });
timings.push(`vitest (contract, server on PGlite, web): ${((Date.now() - firstBegan) / 1000).toFixed(1)} s`);
if (first.status !== 0) {
  console.error('\n✖ vitest failed');
  process.exit(first.status ?? 1);
}
// The media tests again with media in a bucket (an s3rver each test file starts) instead of the disk.
const MEDIA_TESTS = ['upload', 'media-access', 'media-jobs', 'storage-sweep', 'profile-picture', 'stories', 'message-media', 'identity-verification', 'account-data', 'media-hashes', 'idempotency', 'adaptive-streaming'];
run('server media tests on S3 storage (TEST_STORAGE=s3)', 'npx', ['vitest', 'run', '--project', 'server', ...MEDIA_TESTS.map((name) => `test/http/${name}.test.ts`)], { TEST_STORAGE: 's3' });
if (TEST_DATABASE_URL) {
  run('server suite on PostgreSQL (TEST_DATABASE_URL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL });
  // nginx in front of several server processes on that database, Redis and S3 (docs/deploy.md).
  if (!existsSync('/usr/sbin/nginx') && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('Installing Debian nginx', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx']);
  }
  run('cluster test (npm run test:cluster)', 'npm', ['run', 'test:cluster'], { TEST_DATABASE_URL });
}
run('web build', 'npm', ['run', 'build', '-w', '@wag/web']);
// Fails when the first screen's JavaScript grows past its budget (apps/web/js-budget.json).
run("first screen's JavaScript within its budget", 'npm', ['run', 'measure', '-w', '@wag/web']);
run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  CHROMIUM_PATH: CHROMIUM,
});

console.log(`\n✔ all tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const line of timings) console.log(`  ${line}`);
