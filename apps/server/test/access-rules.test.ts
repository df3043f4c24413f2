import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListedSql, postOpenSql, postPublicSql, storyVisibleSql } from '../src/access/filters.js';
import { isListed, isOpen, postVisibility, storyVisibility, type Relation } from '../src/access/rules.js';
import type { Database } from '../src/db/database.js';
import type { Audience, ProcessingStatus } from '../src/db/schema.js';
import { createTestDatabase } from './support/test-database.js';

/**
 * The access rules exist twice: as predicates (one item at a time) and as SQL conditions (lists).
 * This walks every combination of the facts they read and checks both give the same answer.
 */
const STATUSES: ProcessingStatus[] = ['processing', 'ready', 'failed'];
const AUDIENCES: Audience[] = ['public', 'followers', 'subscribers'];
const NOW = new Date('2026-11-22T12:00:00Z');
const HOUR = 60 * 60 * 1000;

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let owner: string;
let follower: string;
let other: string;

async function user(name: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.test`, password_hash: 'x', birth_date: '1990-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  owner = await user('dueno');
  follower = await user('seguidor');
  other = await user('otro');
  await db.insertInto('follows').values({ follower_id: follower, followee_id: owner }).execute();
  let n = 0;
  for (const status of STATUSES) {
    for (const visibility of AUDIENCES) {
      n += 1;
      await db
        .insertInto('posts')
        .values({ slug: `p${n}`, user_id: owner, post_type: visibility === 'subscribers' ? 'vip' : 'grid', content_type: 'image', visibility, status })
        .execute();
      for (const [age, kept] of [[1, false], [30, false], [30, true]] as const) {
        await db
          .insertInto('stories')
          .values({
            user_id: owner,
            audience: visibility,
            kind: 'image',
            status,
            created_at: new Date(NOW.getTime() - age * HOUR),
            highlighted_at: kept ? new Date(NOW.getTime() - HOUR) : null,
          })
          .execute();
      }
    }
  }
});
afterAll(() => handle.close());

const viewers = (): Array<[string, Relation]> => [
  ['guest', { viewerId: null, follows: false }],
  ['owner', { viewerId: owner, follows: false }],
  ['follower', { viewerId: follower, follows: true }],
  ['other', { viewerId: other, follows: false }],
];

describe('the access rules and their SQL agree', () => {
  it('on posts: listed, open and public, for every status, audience and viewer', async () => {
    let checked = 0;
    for (const [name, relation] of viewers()) {
      const rows = await sql<{ slug: string; user_id: string; status: ProcessingStatus; visibility: Audience; listed: boolean; listed_scan: boolean; open: boolean; public: boolean }>`
        SELECT p.slug, p.user_id, p.status, p.visibility,
               ${postListedSql(relation.viewerId, 'p')} AS listed,
               ${postListedSql(relation.viewerId, 'p', { follows: 'array' })} AS listed_scan,
               ${postOpenSql(relation.viewerId, 'p')} AS open,
               ${postPublicSql('p')} AS public
        FROM posts p`.execute(db);
      expect(rows.rows).toHaveLength(STATUSES.length * AUDIENCES.length);
      for (const row of rows.rows) {
        const visibility = postVisibility(row, relation);
        const everyone = postVisibility(row, { viewerId: null, follows: false });
        const expected = { listed: isListed(visibility), listed_scan: isListed(visibility), open: isOpen(visibility), public: everyone === 'visible' };
        expect({ viewer: name, slug: row.slug, ...expected }).toEqual({ viewer: name, slug: row.slug, listed: row.listed, listed_scan: row.listed_scan, open: row.open, public: row.public });
        checked += 4;
      }
    }
    expect(checked).toBe(4 * 4 * 9);
  });

  it('on stories: fresh, expired and kept, for every status, audience and viewer', async () => {
    let checked = 0;
    for (const [name, relation] of viewers()) {
      const rows = await sql<{ id: string; user_id: string; status: ProcessingStatus; audience: Audience; created_at: Date; highlighted_at: Date | null; visible: boolean }>`
        SELECT s.id, s.user_id, s.status, s.audience, s.created_at, s.highlighted_at,
               ${storyVisibleSql(relation.viewerId, NOW, 's')} AS visible
        FROM stories s`.execute(db);
      expect(rows.rows).toHaveLength(STATUSES.length * AUDIENCES.length * 3);
      for (const row of rows.rows) {
        const expected = storyVisibility(row, relation, NOW) !== 'hidden';
        expect({ viewer: name, story: row.id, visible: row.visible }).toEqual({ viewer: name, story: row.id, visible: expected });
        checked += 1;
      }
    }
    expect(checked).toBe(4 * 27);
  });

  it('states the rules of decisions.md §3', () => {
    const post = (visibility: Audience, status: ProcessingStatus = 'ready') => ({ user_id: owner, status, visibility });
    const guest = { viewerId: null, follows: false };
    expect(postVisibility(post('public'), guest)).toBe('visible');
    expect(postVisibility(post('followers'), guest)).toBe('hidden');
    expect(postVisibility(post('followers'), { viewerId: follower, follows: true })).toBe('visible');
    expect(postVisibility(post('subscribers'), { viewerId: follower, follows: true })).toBe('locked');
    expect(postVisibility(post('public', 'processing'), guest)).toBe('hidden');
    expect(postVisibility(post('subscribers', 'failed'), { viewerId: owner, follows: false })).toBe('owner');
    const story = (audience: Audience, hoursAgo: number, kept = false) => ({
      user_id: owner,
      status: 'ready' as const,
      audience,
      created_at: new Date(NOW.getTime() - hoursAgo * HOUR),
      highlighted_at: kept ? NOW : null,
    });
    expect(storyVisibility(story('public', 23.9), guest, NOW)).toBe('visible');
    expect(storyVisibility(story('public', 24), guest, NOW)).toBe('hidden');
    expect(storyVisibility(story('public', 48, true), guest, NOW)).toBe('visible');
    expect(storyVisibility(story('subscribers', 1), { viewerId: follower, follows: true }, NOW)).toBe('hidden');
    expect(storyVisibility(story('followers', 48), { viewerId: owner, follows: false }, NOW)).toBe('owner');
  });
});
