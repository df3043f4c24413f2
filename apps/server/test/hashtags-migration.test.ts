import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './support/test-database.js';

it('gives existing posts the hashtags of their captions, lower-cased, and counts them; and goes back', async () => {
  const database = await createTestDatabase();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration
  const db = database.db as unknown as Kysely<any>;
  try {
    await migrateTo(db, '2026-11-26T1100-processor-event-deferrals');
    const user = await db.insertInto('users').values({ username: 'antes', email: 'antes@example.test', password_hash: 'x', birth_date: '1990-01-01' }).returning('id').executeTakeFirstOrThrow();
    const insert = (slug: string, values: Record<string, unknown>) =>
      db.insertInto('posts').values({ slug, user_id: user.id, post_type: 'grid', content_type: 'image', visibility: 'public', status: 'ready', ...values }).returning('id').executeTakeFirstOrThrow();
    const old = await insert('antes-1', { title: 'Día de #Sol', description: 'En la #Playa con @ana, #año y #2026 (a@b.com)', tags: ['Playa', 'viaje', 'sun-set'] });
    const hidden = await insert('antes-2', { description: '#playa solo para seguidores', visibility: 'followers' });
    await migrateToLatest(db);

    const tagsOf = async (id: string) => (await db.selectFrom('posts').select('tags').where('id', '=', id).executeTakeFirstOrThrow()).tags;
    expect(await tagsOf(old.id)).toEqual(['playa', 'viaje', 'sol', 'año']);
    expect(await tagsOf(hidden.id)).toEqual(['playa']);
    // Counted: what anyone can find (the followers-only post is not).
    const counts = await db.selectFrom('hashtags').select(['tag', 'posts_count']).orderBy('tag').execute();
    expect(counts).toEqual([
      { tag: 'año', posts_count: 1 },
      { tag: 'playa', posts_count: 1 },
      { tag: 'sol', posts_count: 1 },
      { tag: 'viaje', posts_count: 1 },
    ]);

    await migrateTo(db, '2026-11-26T1100-processor-event-deferrals');
    expect(await db.selectFrom('posts').select('id').execute()).toHaveLength(2);
    await migrateToLatest(db);
  } finally {
    await database.close();
  }
});
