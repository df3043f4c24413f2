import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockFactsSql,
  commentFactsSql,
  conversationListedSql,
  commentVisibleSql,
  messageFactsSql,
  messageVisibleSql,
  personFactsSql,
  personVisibleSql,
  postFactsSql,
  postListedSql,
  postOpenSql,
  postPublicSql,
  storyFactsSql,
  storyVisibleSql,
} from '../src/access/filters.js';
import {
  commentVisible,
  conversationAccess,
  type BlockFacts,
  GUEST,
  messageVisible,
  isListed,
  isOpen,
  personVisible,
  postVisibility,
  storyVisibility,
  type CommentFacts,
  type MessageFacts,
  type PersonFacts,
  type PostFacts,
  type StoryFacts,
} from '../src/access/rules.js';
import type { Database } from '../src/db/database.js';
import type { Audience, Moderation, ProcessingStatus } from '../src/db/schema.js';
import { writeMessage } from '../src/repositories/conversations.repository.js';
import { createTestDatabase } from './support/test-database.js';

/**
 * The access rules exist twice: as predicates over an item's facts (one item at a time) and as SQL
 * conditions (lists). This walks every combination of the facts they read — status, audience,
 * moderation, time, an owner's suspension, and the viewer's follow, block (either way round) and
 * report — and checks both give the same answer.
 */
const STATUSES: ProcessingStatus[] = ['processing', 'ready', 'failed'];
const AUDIENCES: Audience[] = ['public', 'followers', 'subscribers'];
const MODERATIONS: Array<Moderation | null> = [null, 'pending', 'removed'];
const NOW = new Date('2026-11-22T12:00:00Z');
const HOUR = 60 * 60 * 1000;

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const ids: Record<string, string> = {};
/**
 * Who looks: a guest and nine relations to the owners (the subscribers and the buyer of every story
 * follow no one, so paid access is seen apart from following).
 */
const VIEWERS = ['guest', 'owner', 'follower', 'other', 'blocker', 'blocked', 'reporter', 'subscriber', 'lapsed_subscriber', 'buyer'] as const;
const viewerId = (name: (typeof VIEWERS)[number]) => (name === 'guest' ? null : ids[name]!);

async function user(name: string, suspendedUntil: Date | null = null): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.test`, password_hash: 'x', birth_date: '1990-01-01', suspended_until: suspendedUntil })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  ids.owner = await user('dueno');
  // A second owner, suspended now (and one whose suspension has ended, who counts as not suspended).
  ids.suspended = await user('suspendido', new Date(NOW.getTime() + HOUR));
  ids.lapsed = await user('ya_no', new Date(NOW.getTime() - HOUR));
  for (const name of ['follower', 'other', 'blocker', 'blocked', 'reporter', 'subscriber', 'lapsed_subscriber', 'buyer']) ids[name] = await user(name);
  for (const owner of ['owner', 'suspended', 'lapsed']) {
    for (const name of ['follower', 'blocker', 'blocked', 'reporter']) {
      await db.insertInto('follows').values({ follower_id: ids[name]!, followee_id: ids[owner]! }).execute();
    }
    await db.insertInto('blocks').values({ blocker_id: ids.blocker!, blocked_id: ids[owner]! }).execute();
    await db.insertInto('blocks').values({ blocker_id: ids[owner]!, blocked_id: ids.blocked! }).execute();
    // A subscription giving access now, one whose access ended an hour ago (and the blocker's and
    // the blocked person's too: a block outweighs a subscription).
    for (const [name, accessUntil] of [['subscriber', NOW.getTime() + HOUR], ['lapsed_subscriber', NOW.getTime() - HOUR], ['blocker', NOW.getTime() + HOUR], ['blocked', NOW.getTime() + HOUR]] as const) {
      await db
        .insertInto('subscriptions')
        .values({
          subscriber_id: ids[name]!,
          creator_id: ids[owner]!,
          provider: 'sandbox',
          provider_ref: null,
          status: accessUntil > NOW.getTime() ? 'active' : 'expired',
          price: 999,
          currency: 'USD',
          card_brand: null,
          card_last4: null,
          current_period_start: new Date(NOW.getTime() - 24 * HOUR),
          current_period_end: new Date(accessUntil),
          access_until: new Date(accessUntil),
          accepted_immediate_access_at: new Date(NOW.getTime() - 24 * HOUR),
          ended_at: null,
        })
        .execute();
    }
  }
  const purchase = await db
    .insertInto('ledger_entries')
    .values({ kind: 'story_purchase', payer_id: ids.buyer!, creator_id: ids.owner!, subscription_id: null, period_start: null, gross: 299, fee: 60, net: 239, currency: 'USD', provider: 'sandbox', provider_ref: null, card_brand: null, card_last4: null, accepted_immediate_access_at: NOW, refers_to: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  let n = 0;
  for (const owner of ['owner', 'suspended', 'lapsed']) {
    for (const status of STATUSES) {
      for (const visibility of AUDIENCES) {
        for (const moderation of MODERATIONS) {
          n += 1;
          const post = await db
            .insertInto('posts')
            .values({ slug: `p${n}`, user_id: ids[owner]!, post_type: visibility === 'subscribers' ? 'vip' : 'grid', content_type: 'image', visibility, status, moderation })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db.insertInto('reports').values({ reporter_id: ids.reporter!, subject_type: 'post', subject_id: post.id, reason: 'spam' }).execute();
          for (const [age, kept] of [[1, false], [30, false], [30, true]] as const) {
            const story = await db
              .insertInto('stories')
              .values({
                user_id: ids[owner]!,
                audience: visibility,
                kind: 'image',
                status,
                moderation,
                created_at: new Date(NOW.getTime() - age * HOUR),
                highlighted_at: kept ? new Date(NOW.getTime() - HOUR) : null,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await db.insertInto('reports').values({ reporter_id: ids.reporter!, subject_type: 'story', subject_id: story.id, reason: 'spam' }).execute();
            // The buyer bought every story of the first owner.
            if (owner === 'owner') await db.insertInto('story_unlocks').values({ user_id: ids.buyer!, story_id: story.id, ledger_entry_id: purchase.id }).execute();
          }
        }
      }
    }
  }
  // Comments by each author on one post, held, taken down or not, one of each reported.
  const post = await db.selectFrom('posts').select('id').where('slug', '=', 'p1').executeTakeFirstOrThrow();
  for (const author of ['owner', 'suspended', 'lapsed', 'other']) {
    for (const moderation of MODERATIONS) {
      const comment = await db.insertInto('comments').values({ post_id: post.id, user_id: ids[author]!, text: 'hola', moderation }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('reports').values({ reporter_id: ids.reporter!, subject_type: 'comment', subject_id: comment.id, reason: 'spam' }).execute();
    }
  }
});
afterAll(() => handle.close());

describe('the access rules and their SQL agree', () => {
  it('on posts: listed, open and public, for every status, audience, moderation, owner and viewer', async () => {
    let checked = 0;
    for (const name of VIEWERS) {
      const viewer = viewerId(name);
      const rows = await sql<PostFacts & { slug: string; listed: boolean; listed_scan: boolean; open: boolean; public: boolean }>`
        SELECT p.slug, ${postFactsSql(viewer, NOW, 'p')},
               ${postListedSql(viewer, NOW, 'p')} AS listed,
               ${postListedSql(viewer, NOW, 'p', { relations: 'array' })} AS listed_scan,
               ${postOpenSql(viewer, NOW, 'p')} AS open,
               ${postPublicSql(NOW, 'p')} AS public
        FROM posts p`.execute(db);
      expect(rows.rows).toHaveLength(3 * STATUSES.length * AUDIENCES.length * MODERATIONS.length);
      for (const row of rows.rows) {
        const visibility = postVisibility(row, viewer);
        const everyone = postVisibility({ ...row, ...GUEST }, null);
        const expected = { listed: isListed(visibility), listed_scan: isListed(visibility), open: isOpen(visibility), public: everyone === 'visible' };
        expect({ viewer: name, slug: row.slug, ...expected }).toEqual({ viewer: name, slug: row.slug, listed: row.listed, listed_scan: row.listed_scan, open: row.open, public: row.public });
        checked += 4;
      }
    }
    expect(checked).toBe(VIEWERS.length * 81 * 4);
  });

  it('on stories: fresh, expired and kept, for every status, audience, moderation, owner and viewer', async () => {
    let checked = 0;
    for (const name of VIEWERS) {
      const viewer = viewerId(name);
      const rows = await sql<StoryFacts & { id: string; visible: boolean }>`
        SELECT s.id, ${storyFactsSql(viewer, NOW, 's')}, ${storyVisibleSql(viewer, NOW, 's')} AS visible
        FROM stories s`.execute(db);
      expect(rows.rows).toHaveLength(3 * 81);
      for (const row of rows.rows) {
        const expected = storyVisibility(row, viewer, NOW) !== 'hidden';
        expect({ viewer: name, story: row.id, visible: row.visible }).toEqual({ viewer: name, story: row.id, visible: expected });
        checked += 1;
      }
    }
    expect(checked).toBe(VIEWERS.length * 243);
  });

  it('on comments and people', async () => {
    for (const name of VIEWERS) {
      const viewer = viewerId(name);
      const comments = await sql<CommentFacts & { id: string; visible: boolean; visible_scan: boolean }>`
        SELECT c.id, ${commentFactsSql(viewer, NOW, 'c')}, ${commentVisibleSql(viewer, NOW, 'c')} AS visible,
               ${commentVisibleSql(viewer, NOW, 'c', { relations: 'array' })} AS visible_scan
        FROM comments c`.execute(db);
      expect(comments.rows).toHaveLength(12);
      for (const row of comments.rows) {
        const visible = commentVisible(row, viewer);
        expect({ name, id: row.id, visible: row.visible, visible_scan: row.visible_scan }).toEqual({ name, id: row.id, visible, visible_scan: visible });
      }
      const people = await sql<PersonFacts & { username: string; visible: boolean }>`
        SELECT u.username, ${personFactsSql(viewer, NOW, 'u')}, ${personVisibleSql(viewer, NOW, 'u')} AS visible FROM users u`.execute(db);
      for (const row of people.rows) expect({ name, who: row.username, visible: row.visible }).toEqual({ name, who: row.username, visible: personVisible(row, viewer) });
    }
  });

  it('on conversations and interactions between two people: who blocks whom', async () => {
    let checked = 0;
    for (const name of VIEWERS) {
      const viewer = viewerId(name);
      if (viewer === null) continue;
      const rows = await sql<BlockFacts & { username: string; listed: boolean }>`
        SELECT u.username, ${blockFactsSql(viewer, sql.ref('u.id'))}, ${conversationListedSql(viewer, sql.ref('u.id'))} AS listed
        FROM users u WHERE u.id <> ${viewer}`.execute(db);
      for (const row of rows.rows) {
        expect({ name, who: row.username, listed: row.listed }).toEqual({ name, who: row.username, listed: conversationAccess(row) !== 'hidden' });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
    // The blocked person loses the conversation; the blocker keeps it read-only.
    expect(conversationAccess({ viewer_blocks: false, blocks_viewer: true })).toBe('hidden');
    expect(conversationAccess({ viewer_blocks: true, blocks_viewer: false })).toBe('read-only');
    expect(conversationAccess({ viewer_blocks: true, blocks_viewer: true })).toBe('hidden');
    expect(conversationAccess({ viewer_blocks: false, blocks_viewer: false })).toBe('open');
  });

  it('on direct messages: held, taken down or reported, either way of a conversation', async () => {
    // Messages both ways between the owner and the reporter, in every moderation state; the reporter
    // reported half of those they received.
    let n = 0;
    for (const [from, to] of [['owner', 'reporter'], ['reporter', 'owner']] as const) {
      for (const moderation of MODERATIONS) {
        for (const reported of [false, true]) {
          n += 1;
          const written = await writeMessage(db, { senderId: ids[from]!, recipientId: ids[to]!, text: `m${n}`, storyId: null, at: NOW });
          await db.updateTable('messages').set({ moderation }).where('id', '=', written.id).execute();
          if (reported) await db.insertInto('reports').values({ reporter_id: ids[to]!, subject_type: 'message', subject_id: written.id, reason: 'harassment' }).execute();
        }
      }
    }
    let checked = 0;
    for (const name of VIEWERS) {
      const viewer = viewerId(name);
      const rows = await sql<MessageFacts & { text: string; visible: boolean }>`
        SELECT msg.text, ${messageFactsSql(viewer, 'msg')}, ${messageVisibleSql(viewer, 'msg')} AS visible FROM messages msg`.execute(db);
      expect(rows.rows).toHaveLength(n);
      for (const row of rows.rows) {
        expect({ name, text: row.text, visible: row.visible }).toEqual({ name, text: row.text, visible: messageVisible(row, viewer) });
        checked += 1;
      }
    }
    expect(checked).toBe(VIEWERS.length * 12);
    // The sender reads all their own; the recipient neither held, taken-down nor reported ones.
    const facts = (f: Partial<MessageFacts>): MessageFacts => ({ sender_id: 's', moderation: null, viewer_reported: false, ...f });
    expect(messageVisible(facts({ moderation: 'removed' }), 's')).toBe(true);
    expect(messageVisible(facts({}), 'r')).toBe(true);
    for (const f of [{ moderation: 'pending' as const }, { moderation: 'removed' as const }, { viewer_reported: true }]) expect(messageVisible(facts(f), 'r')).toBe(false);
  });

  it('states the rules of docs/product-decisions.md §3 and §9', () => {
    const post = (visibility: Audience, facts: Partial<PostFacts> = {}): PostFacts => ({
      user_id: 'o',
      status: 'ready',
      visibility,
      moderation: null,
      owner_suspended: false,
      ...GUEST,
      ...facts,
    });
    expect(postVisibility(post('public'), null)).toBe('visible');
    expect(postVisibility(post('followers'), null)).toBe('hidden');
    expect(postVisibility(post('followers', { viewer_follows: true }), 'f')).toBe('visible');
    expect(postVisibility(post('subscribers', { viewer_follows: true }), 'f')).toBe('locked');
    expect(postVisibility(post('subscribers', { viewer_subscribed: true }), 's')).toBe('visible');
    // A subscription never outweighs a block, a takedown or a suspension.
    for (const facts of [{ viewer_blocked: true }, { moderation: 'removed' as const }, { owner_suspended: true }]) {
      expect(postVisibility(post('subscribers', { viewer_subscribed: true, ...facts }), 's')).toBe('hidden');
    }
    expect(postVisibility(post('public', { status: 'processing' }), null)).toBe('hidden');
    expect(postVisibility(post('subscribers', { status: 'failed' }), 'o')).toBe('owner');
    // Blocks, moderation, suspension and the viewer's own report hide it from everyone but the owner.
    for (const facts of [{ viewer_blocked: true }, { moderation: 'pending' as const }, { moderation: 'removed' as const }, { owner_suspended: true }, { viewer_reported: true }]) {
      expect(postVisibility(post('public', { viewer_follows: true, ...facts }), 'v')).toBe('hidden');
      expect(postVisibility(post('public', facts), 'o')).toBe('owner');
    }
    const story = (audience: Audience, hoursAgo: number, kept = false): StoryFacts => ({
      user_id: 'o',
      status: 'ready',
      audience,
      moderation: null,
      owner_suspended: false,
      ...GUEST,
      created_at: new Date(NOW.getTime() - hoursAgo * HOUR),
      highlighted_at: kept ? NOW : null,
    });
    expect(storyVisibility(story('public', 23.9), null, NOW)).toBe('visible');
    expect(storyVisibility(story('public', 24), null, NOW)).toBe('hidden');
    expect(storyVisibility(story('public', 48, true), null, NOW)).toBe('visible');
    expect(storyVisibility({ ...story('subscribers', 1), viewer_follows: true }, 'f', NOW)).toBe('hidden');
    expect(storyVisibility({ ...story('subscribers', 1), viewer_subscribed: true }, 's', NOW)).toBe('visible');
    expect(storyVisibility({ ...story('subscribers', 1), viewer_unlocked: true }, 'b', NOW)).toBe('visible');
    expect(storyVisibility({ ...story('subscribers', 25), viewer_unlocked: true }, 'b', NOW)).toBe('hidden');
    expect(storyVisibility(story('followers', 48), 'o', NOW)).toBe('owner');
    expect(personVisible({ id: 'o', suspended: false, viewer_blocked: true }, 'v')).toBe(false);
    expect(personVisible({ id: 'o', suspended: true, viewer_blocked: false }, null)).toBe(false);
    expect(personVisible({ id: 'o', suspended: true, viewer_blocked: false }, 'o')).toBe(true);
  });
});
