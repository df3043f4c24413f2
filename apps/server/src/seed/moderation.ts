import type { Transaction } from 'kysely';
import type { DB, ReportReason, ReportSubjectType } from '../db/schema.js';
import { writeMessage } from '../repositories/conversations.repository.js';
import { createModerationRepository } from '../repositories/moderation.repository.js';
import { MODERATOR_ACCOUNT, SPAM_ACCOUNT, TRY_ACCOUNT } from './world-data.js';

export { MODERATOR_ACCOUNT };

const MINUTE = 60_000;

const SPAM_COMMENT = '🔥 ¿Quieres 10.000 seguidores en una semana? Escríbeme por privado, precios increíbles 👉 seguidores-baratos.example';
const HARASSING_MESSAGES = [
  'Hola guapa, ¿te interesa crecer en seguidores? Tengo packs desde 5 €.',
  '¿Por qué no me contestas? Te he escrito tres veces.',
  'Sé en qué gimnasio entrenas. Ya me contestarás.',
];

/**
 * A few open reports so the moderator's desk is not empty (the moderator and the spammer are planned
 * with the world's accounts, plan-world.ts): spam on a comment (reported twice), harassment in a
 * direct message, and a post reported as inappropriate (a judgement call). Runs inside the seeding
 * transaction, after the world and its inbox, before the counters are refreshed.
 */
export async function seedModeration(trx: Transaction<DB>, now: Date): Promise<void> {
  const names = [SPAM_ACCOUNT.username, 'valeria_rios', 'camila_ortega', 'lucia_moda', 'ale_night', TRY_ACCOUNT.username];
  const users = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', names).execute();
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  const [spammer, valeria, camila, lucia, ale, demo] = names.map((name) => idOf.get(name));
  if (!spammer || !valeria || !camila || !lucia || !ale || !demo) return;
  const moderation = createModerationRepository(trx);

  async function report(reporterId: string, type: ReportSubjectType, subjectId: string, ownerId: string, reason: ReportReason, details: string | null, minutesAgo: number) {
    const at = new Date(now.getTime() - minutesAgo * MINUTE);
    await moderation.insertReport({ reporter: { userId: reporterId }, type, subjectId, ownerId, reason, details, at });
    await moderation.countReport(type, subjectId, ownerId, reason, at);
    await moderation.appendEvent({ type, subjectId, actorId: reporterId, action: 'report', reason, at });
  }

  // Spammers follow the people they target.
  await trx
    .insertInto('follows')
    .values([valeria, camila, lucia].map((followee) => ({ follower_id: spammer, followee_id: followee, created_at: new Date(now.getTime() - 47 * 60 * MINUTE) })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  // Spam on Valeria's newest public post, reported by her and by the try-out account.
  const post = await trx.selectFrom('posts').select('id').where('user_id', '=', valeria).where('visibility', '=', 'public').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (post) {
    const comment = await trx
      .insertInto('comments')
      .values({ post_id: post.id, user_id: spammer, text: SPAM_COMMENT, created_at: new Date(now.getTime() - 95 * MINUTE) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await report(valeria, 'comment', comment.id, spammer, 'spam', null, 80);
    await report(demo, 'comment', comment.id, spammer, 'spam', 'Lo ha puesto en varias publicaciones.', 40);
  }

  // Harassment by direct message: Camila reports the last, threatening one.
  let last: { id: string } | undefined;
  for (const [i, text] of HARASSING_MESSAGES.entries()) {
    last = await writeMessage(trx, { senderId: spammer, recipientId: camila, text, storyId: null, at: new Date(now.getTime() - (200 - i * 60) * MINUTE) });
  }
  if (last) await report(camila, 'message', last.id, spammer, 'harassment', 'Me escribe sin parar y ahora dice que sabe dónde entreno.', 15);

  // A party photo reported as inappropriate: a judgement call for the moderator.
  const party = await trx.selectFrom('posts').select('id').where('user_id', '=', ale).where('title', '=', 'Fiesta en la terraza').executeTakeFirst();
  if (party) await report(demo, 'post', party.id, ale, 'inappropriate', 'Sale gente al fondo que no parece saber que la están grabando.', 30);
}
