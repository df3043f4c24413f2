import type { Audience, Role } from '../../src/db/schema.js';
import type { TestUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** Gives an account a role straight in the database (the admin script has its own test). */
export async function setRole(t: TestApp, user: TestUser, role: Role): Promise<void> {
  await t.db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
}

/** POST /api/reports as someone (null: a guest). */
export function report(t: TestApp, who: TestUser | null, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/reports', token: who?.token, payload: body });
}

/** A moderator's action on a subject. */
export function act(t: TestApp, who: TestUser | null, type: string, id: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: `/api/moderation/subjects/${type}/${encodeURIComponent(id)}/actions`, token: who?.token, payload: body });
}

/** A live story (or a highlight) inserted straight into the database, with no files. */
export async function insertStory(t: TestApp, ownerId: string, audience: Audience = 'public'): Promise<string> {
  const folder = `u/${Math.random().toString(36).slice(2).padEnd(20, 'x').slice(0, 20)}`;
  const row = await t.db
    .insertInto('stories')
    .values({ user_id: ownerId, audience, kind: 'image', image_key: `${folder}/full.webp`, poster_key: `${folder}/thumb.webp`, created_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A comment (a reply to `parentId`) written through the API; returns the answer's comment. */
async function postComment(t: TestApp, who: TestUser, postId: string, text: string, parentId?: string) {
  const response = await t.request({ method: 'POST', url: `/api/posts/${postId}/comments`, token: who.token, payload: parentId ? { text, parent_id: parentId } : { text } });
  if (response.statusCode !== 201) throw new Error(`comment: ${response.statusCode} ${response.body}`);
  return (response.json() as { comment: { id: string; replies_count: number } }).comment;
}

/** A comment written through the API; returns its id. */
export async function comment(t: TestApp, who: TestUser, postId: string, text: string): Promise<string> {
  return (await postComment(t, who, postId, text)).id;
}

/** A comment, or a reply to `parentId`, written a second after the one before (threads in order); returns it. */
export function commentLater(t: TestApp, who: TestUser, postId: string, text: string, parentId?: string) {
  t.clock.advance(1000);
  return postComment(t, who, postId, text, parentId);
}

/** A direct message sent through the API; returns its id. */
export async function message(t: TestApp, from: TestUser, to: TestUser, text: string): Promise<string> {
  t.clock.advance(10);
  const response = await t.request({ method: 'POST', url: `/api/conversations/${to.username}/messages`, token: from.token, payload: { text } });
  if (response.statusCode !== 200) throw new Error(`message: ${response.statusCode} ${response.body}`);
  return (response.json() as { message: { id: string } }).message.id;
}
