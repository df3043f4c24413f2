import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { createConversationsRepository, writeMessage } from '../repositories/conversations.repository.js';
import { followGroupKey, LIKE_TABLES, likeGroupKey, type LikeTarget } from '../repositories/notifications.repository.js';
import { TRY_ACCOUNT } from './world-data.js';

const HOUR = 60 * 60 * 1000;

/** What the demo world's people wrote each other, oldest first: [from, to, minutes ago, text]. */
const CONVERSATIONS: Array<[string, string, number, string]> = [
  ['valeria_rios', TRY_ACCOUNT.username, 300, '¡Hola! Gracias por seguirme 💪 ¿Te animas con la rutina de mañana?'],
  [TRY_ACCOUNT.username, 'valeria_rios', 290, '¡Claro! Aunque a las 6:30 me cuesta un poco 😅'],
  ['valeria_rios', TRY_ACCOUNT.username, 284, 'Empieza con 15 minutos, ya verás qué rápido te acostumbras.'],
  [TRY_ACCOUNT.username, 'sofi_travels', 180, 'Me encantaron las fotos de la playa, ¿dónde era?'],
  ['sofi_travels', TRY_ACCOUNT.username, 170, 'En Tulum 🌊 ¡Te la recomiendo muchísimo!'],
  ['sofi_travels', TRY_ACCOUNT.username, 45, 'Mañana subo un quicky nuevo desde allí, atento 😉'],
  ['javi_moto', TRY_ACCOUNT.username, 25, '¡Buenas! Vi que te gustan las rutas, ¿te vienes el domingo?'],
];

/** Creators who follow the try-out account, so its notifications are not empty on first sign-in. */
const FOLLOWERS_OF_DEMO = ['camila_ortega', 'nico_foto', 'martina_chef'];

/**
 * The demo world's inbox: a few follows of the try-out account and conversations with it (one still a
 * message request), then every notification the world's likes, comments, replies, follows and story
 * likes would have produced, the older ones already read. Runs inside the seeding transaction,
 * before the counters are refreshed.
 */
export async function seedInbox(trx: Transaction<DB>, now: Date): Promise<void> {
  const users = await trx.selectFrom('users').select(['id', 'username']).execute();
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  const demo = idOf.get(TRY_ACCOUNT.username);
  if (!demo) return;

  const follows = FOLLOWERS_OF_DEMO.flatMap((name, i) => {
    const id = idOf.get(name);
    return id ? [{ follower_id: id, followee_id: demo, created_at: new Date(now.getTime() - (20 + i * 9) * HOUR) }] : [];
  });
  if (follows.length > 0) await trx.insertInto('follows').values(follows).onConflict((oc) => oc.doNothing()).execute();

  const conversations = createConversationsRepository(trx);
  for (const [from, to, minutesAgo, text] of CONVERSATIONS) {
    const senderId = idOf.get(from);
    const recipientId = idOf.get(to);
    if (!senderId || !recipientId) continue;
    const at = new Date(now.getTime() - minutesAgo * 60_000);
    await writeMessage(trx, { senderId, recipientId, text, storyId: null, at });
    // Whoever received a message more than an hour ago has read it.
    if (minutesAgo > 60) await conversations.markRead(recipientId, senderId, at);
  }

  const readBefore = new Date(now.getTime() - 12 * HOUR);
  // Likes: one line per liked thing, naming the latest liker and counting the others.
  for (const kind of Object.keys(LIKE_TABLES) as LikeTarget[]) {
    const target = LIKE_TABLES[kind];
    await sql`
      INSERT INTO notifications (recipient_id, actor_id, type, ${sql.ref(target.key)}, group_key, actors_count, created_at, read_at)
      SELECT o.user_id, latest.user_id, 'like', o.id, ${likeGroupKey(kind, '')} || o.id, others.n, latest.created_at,
        CASE WHEN latest.created_at < ${readBefore} THEN ${now}::timestamptz END
      FROM ${sql.table(target.owners)} o
      CROSS JOIN LATERAL (
        SELECT l.user_id, l.created_at FROM ${sql.table(target.likes)} l
        WHERE l.${sql.ref(target.key)} = o.id AND l.user_id <> o.user_id ORDER BY l.created_at DESC LIMIT 1
      ) latest
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM ${sql.table(target.likes)} l WHERE l.${sql.ref(target.key)} = o.id AND l.user_id <> o.user_id
      ) others`.execute(trx);
  }
  // Comments on someone else's post, and replies to someone else's comment.
  await sql`
    INSERT INTO notifications (recipient_id, actor_id, type, post_id, comment_id, text, created_at, read_at)
    SELECT p.user_id, c.user_id, 'comment', p.id, c.id, c.text, c.created_at,
      CASE WHEN c.created_at < ${readBefore} THEN ${now}::timestamptz END
    FROM comments c JOIN posts p ON p.id = c.post_id
    WHERE c.user_id <> p.user_id
      AND (c.parent_id IS NULL OR p.user_id <> (SELECT parent.user_id FROM comments parent WHERE parent.id = c.parent_id))`.execute(trx);
  await sql`
    INSERT INTO notifications (recipient_id, actor_id, type, post_id, comment_id, text, created_at, read_at)
    SELECT parent.user_id, c.user_id, 'reply', c.post_id, c.id, c.text, c.created_at,
      CASE WHEN c.created_at < ${readBefore} THEN ${now}::timestamptz END
    FROM comments c JOIN comments parent ON parent.id = c.parent_id
    WHERE c.user_id <> parent.user_id`.execute(trx);
  await sql`
    INSERT INTO notifications (recipient_id, actor_id, type, group_key, created_at, read_at)
    SELECT followee_id, follower_id, 'follow', ${followGroupKey('')} || follower_id, created_at,
      CASE WHEN created_at < ${readBefore} AND followee_id <> ${demo} THEN ${now}::timestamptz END
    FROM follows`.execute(trx);
}
