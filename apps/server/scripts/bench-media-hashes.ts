/**
 * What the repeat-upload check costs an upload that matches nothing: the nearest-hash query over a
 * block list of a few thousand and of tens of thousands of hashes (bit_count in SQL), against the same
 * scan in memory over a cached copy of the list.
 *
 *   npx tsx apps/server/scripts/bench-media-hashes.ts                      (embedded PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/wag_bench npx tsx apps/server/scripts/bench-media-hashes.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createHashIndex, hammingDistance, hashFromBigintColumn, hashToBigintColumn, MATCH_DISTANCE } from '../src/media/perceptual-hash.js';
import { createMediaHashesRepository } from '../src/repositories/media-hashes.repository.js';

const randomHash = () => randomBytes(8).readBigUInt64BE();

async function time(label: string, runs: number, work: () => Promise<unknown> | unknown): Promise<void> {
  for (let i = 0; i < 5; i += 1) await work();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) await work();
  console.log(`  ${label.padEnd(62)} ${((performance.now() - start) / runs).toFixed(3)} ms`);
}

const url = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase(url ? { kind: 'postgres', url, poolSize: 2 } : { kind: 'pglite' });
await migrateToLatest(handle.db);
const repo = createMediaHashesRepository(handle.db);
await sql`TRUNCATE blocked_media_hashes`.execute(handle.db);
console.log(`database: ${url ? 'PostgreSQL' : 'embedded PGlite'}; threshold ${MATCH_DISTANCE}`);

let total = 0;
for (const size of [5_000, 50_000]) {
  // Twenty hashes a taken-down subject, as a picture's cuts and a video's frames make.
  while (total < size) {
    const subject = randomUUID();
    await repo.insert('post', subject, Array.from({ length: 20 }, () => hashToBigintColumn(randomHash())));
    total += 20;
  }
  await sql`ANALYZE blocked_media_hashes`.execute(handle.db);
  const cached = (await handle.db.selectFrom('blocked_media_hashes').select('hash').execute()).map((row) => hashFromBigintColumn(row.hash));
  const halves = new Uint32Array(cached.length * 2);
  cached.forEach((hash, i) => {
    halves[i * 2] = Number(hash >> 32n);
    halves[i * 2 + 1] = Number(hash & 0xffffffffn);
  });
  const popcount = (x: number) => {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  };
  const upload = [randomHash(), randomHash()];
  console.log(`\n${total} blocked hashes, an upload of one picture (its whole and its square: 2 hashes):`);
  const params = upload.map(hashToBigintColumn);
  await time('SQL: nearest blocked hash (bit_count over the list)', 50, () =>
    sql`
      SELECT b.subject_type, b.subject_id, bit_count((b.hash # u.hash)::bit(64))::int AS distance
      FROM blocked_media_hashes b CROSS JOIN unnest(${sql.val(params)}::bigint[]) AS u(hash)
      WHERE bit_count((b.hash # u.hash)::bit(64)) <= ${MATCH_DISTANCE}
      ORDER BY distance, b.id LIMIT 1`.execute(handle.db),
  );
  const index = createHashIndex(cached.map((hash) => ({ hash, value: null })));
  await time('memory (what the service does): version read + index scan', 200, async () => {
    await repo.listVersion();
    return index.nearest(upload, MATCH_DISTANCE);
  });
  await time('SQL: is the list empty? (the floor of any query)', 100, () => sql`SELECT 1`.execute(handle.db));
  await time('memory: BigInt XOR and popcount over a cached list', 20, () => {
    for (const hash of cached) for (const u of upload) if (hammingDistance(hash, u) <= MATCH_DISTANCE) return true;
    return false;
  });
  await time('memory: two 32-bit halves per hash, popcount by bit tricks', 200, () => {
    const ups = upload.map((u) => [Number(u >> 32n), Number(u & 0xffffffffn)] as const);
    for (let i = 0; i < halves.length; i += 2) {
      for (const [high, low] of ups) if (popcount(halves[i]! ^ high) + popcount(halves[i + 1]! ^ low) <= MATCH_DISTANCE) return true;
    }
    return false;
  });
  await time('memory: reloading the list when its version moved', 10, async () => {
    const loaded = await repo.loadList();
    return createHashIndex(loaded.entries.map((entry) => ({ hash: hashFromBigintColumn(entry.hash), value: entry })));
  });
}
await handle.close();
