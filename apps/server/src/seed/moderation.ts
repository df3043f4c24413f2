import type { Transaction } from 'kysely';
import type { DB, ReportReason, ReportSubjectType } from '../db/schema.js';
import { writeMessage } from '../repositories/conversations.repository.js';
import { createModerationRepository } from '../repositories/moderation.repository.js';
import { DEMO_EMAIL_DOMAIN, TRY_ACCOUNT } from './world-data.js';

const MINUTE = 60_000;

/** The demo world's moderator: signs in with the demo password and finds the desk with work on it. */
export const MODERATOR_ACCOUNT = {
  username: 'moderacion_wag',
  email: `moderacion@${DEMO_EMAIL_DOMAIN}`,
  fullName: 'Equipo de moderación',
} as const;

/** An account that sells fake followers in comments and pesters a creator by message. */
const SPAMMER = { username: 'promo_seguidores', fullName: 'Seguidores Baratos 🔥' } as const;

const SPAM_COMMENT = '🔥 ¿Quieres 10.000 seguidores en una semana? Escríbeme por privado, precios increíbles 👉 seguidores-baratos.example';
const HARASSING_MESSAGES = [
  'Hola guapa, ¿te interesa crecer en seguidores? Tengo packs desde 5 €.',
  '¿Por qué no me contestas? Te he escrito tres veces.',
  'Sé en qué gimnasio entrenas. Ya me contestarás.',
];

/**
 * The moderator, and a few open reports so the desk is not empty: spam on a comment (reported twice),
 * harassment in a direct message, and a post reported as inappropriate (a judgement call). Runs
 * inside the seeding transaction, after the world and its inbox, before the counters are refreshed.
 */
export async function seedModeration(trx: Transaction<DB>, now: Date, passwordHash: string, birthDate: string): Promise<void> {
  const [moderator, spammer] = await trx
    .insertInto('users')
    .values([
      { username: MODERATOR_ACCOUNT.username, email: MODERATOR_ACCOUNT.email, full_name: MODERATOR_ACCOUNT.fullName, password_hash: passwordHash, birth_date: birthDate, role: 'moderator', created_at: new Date(now.getTime() - 60 * 24 * 60 * MINUTE) },
      { username: SPAMMER.username, email: `${SPAMMER.username}@${DEMO_EMAIL_DOMAIN}`, full_name: SPAMMER.fullName, password_hash: passwordHash, birth_date: birthDate, created_at: new Date(now.getTime() - 2 * 24 * 60 * MINUTE) },
    ])
    .returning(['id', 'username'])
    .execute();
  if (!moderator || !spammer) return;
  const users = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', ['valeria_rios', 'camila_ortega', 'ale_night', TRY_ACCOUNT.username]).execute();
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  const valeria = idOf.get('valeria_rios');
  const camila = idOf.get('camila_ortega');
  const ale = idOf.get('ale_night');
  const demo = idOf.get(TRY_ACCOUNT.username);
  if (!valeria || !camila || !ale || !demo) return;
  const moderation = createModerationRepository(trx);

  async function report(reporterId: string, type: ReportSubjectType, subjectId: string, ownerId: string, reason: ReportReason, details: string | null, minutesAgo: number) {
    const at = new Date(now.getTime() - minutesAgo * MINUTE);
    await moderation.insertReport({ reporter: { userId: reporterId }, type, subjectId, ownerId, reason, details, at });
    await moderation.countReport(type, subjectId, ownerId, reason, at);
    await moderation.appendEvent({ type, subjectId, actorId: reporterId, action: 'report', reason, at });
  }

  // Spam on Valeria's newest public post, reported by her and by the try-out account.
  const post = await trx
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', valeria)
    .where('visibility', '=', 'public')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (post) {
    const comment = await trx
      .insertInto('comments')
      .values({ post_id: post.id, user_id: spammer.id, text: SPAM_COMMENT, created_at: new Date(now.getTime() - 95 * MINUTE) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await report(valeria, 'comment', comment.id, spammer.id, 'spam', null, 80);
    await report(demo, 'comment', comment.id, spammer.id, 'spam', 'Lo ha puesto en varias publicaciones.', 40);
  }

  // Harassment by direct message: Camila reports the last, threatening one.
  let last: { id: string } | undefined;
  for (const [i, text] of HARASSING_MESSAGES.entries()) {
    last = await writeMessage(trx, { senderId: spammer.id, recipientId: camila, text, storyId: null, at: new Date(now.getTime() - (200 - i * 60) * MINUTE) });
  }
  if (last) await report(camila, 'message', last.id, spammer.id, 'harassment', 'Me escribe sin parar y ahora dice que sabe dónde entreno.', 15);

  // A party photo reported as inappropriate: a judgement call for the moderator.
  const party = await trx
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', ale)
    .where('visibility', '=', 'public')
    .where('title', '=', 'Fiesta en la terraza')
    .executeTakeFirst();
  if (party) await report(demo, 'post', party.id, ale, 'inappropriate', 'Sale gente al fondo que no parece saber que la están grabando.', 30);
}
