/**
 * What the monthly renewal job costs: BENCH_SUBSCRIPTIONS (2,000) sandbox subscriptions fall due at
 * once and `payments.settle` runs, first by one worker, then (a month later) by two workers at the
 * same moment, which must charge each period once.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_renewals npx tsx apps/server/scripts/bench-renewals.ts
 *   (without it, an embedded PGlite database in a temp dir; the database must start empty)
 *
 * Prints the time of each pass, renewals per second, and the charges and ledger entries per period.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import type { Clock } from '../src/lib/clock.js';
import { addMonth } from '../src/services/subscriptions.service.js';
import { benchConfig, openBenchDatabase, time } from './bench-support.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 2_000);
const START = new Date('2026-11-01T12:00:00Z');

let now = START.getTime();
const clock: Clock = { now: () => new Date(now) };

const { root, handle, db } = await openBenchDatabase('wag-bench-renewals-');
const app = await buildApp({ config: benchConfig(root), db, clock });
await app.ready();

console.log(`Seeding ${SUBSCRIPTIONS} subscriptions to 20 creators…`);
await time('users', () => sql`
  INSERT INTO users (username, email, password_hash, birth_date, identity_verified_at)
  SELECT 'br_' || i, 'br_' || i || '@bench.test', 'x', '1990-01-01', CASE WHEN i < 20 THEN now() END
  FROM generate_series(0, ${SUBSCRIPTIONS + 19}) AS i`.execute(db));
await db.insertInto('sandbox_cards').values({ token: 'sbx_card_bench', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, outcome: 'approved' }).execute();
await time('subscriptions', () => sql`
  INSERT INTO subscriptions (subscriber_id, creator_id, provider, status, price, currency, card_brand, card_last4, card_token,
    current_period_start, current_period_end, access_until, accepted_immediate_access_at)
  SELECT f.id, c.id, 'sandbox', 'active', 999, 'USD', 'visa', '4242', 'sbx_card_bench',
    ${START}::timestamptz, ${addMonth(START)}::timestamptz, ${addMonth(START)}::timestamptz, ${START}::timestamptz
  FROM users f JOIN users c ON c.username = 'br_' || (substr(f.username, 4)::int % 20)
  WHERE f.username LIKE 'br\\_%' AND substr(f.username, 4)::int >= 20`.execute(db));

async function pass(label: string, workers: number): Promise<void> {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: workers }, () => app.services.subscriptions.settleDue()));
  const seconds = (performance.now() - started) / 1000;
  const renewed = results.reduce((sum, result) => sum + result.renewed, 0);
  console.log(`${label}: ${renewed} renewed in ${seconds.toFixed(1)} s (${Math.round(renewed / seconds)} a second), by ${workers} worker(s)`);
}

now = addMonth(START).getTime() + 60_000;
await pass('month 1', 1);
now = addMonth(addMonth(START)).getTime() + 60_000;
await pass('month 2', 2);

const perPeriod = await sql<{ entries: number; periods: number; charges: number }>`
  SELECT (SELECT count(*)::int FROM ledger_entries WHERE kind = 'renewal') AS entries,
         (SELECT count(DISTINCT (subscription_id, period_start))::int FROM ledger_entries WHERE kind = 'renewal') AS periods,
         (SELECT count(*)::int FROM sandbox_charges WHERE outcome = 'approved') AS charges`.execute(db);
const { entries, periods, charges } = perPeriod.rows[0]!;
console.log(`renewal entries ${entries}, distinct periods ${periods}, approved sandbox charges ${charges} (expected ${SUBSCRIPTIONS * 2} each)`);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
