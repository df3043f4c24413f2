import { COMMENTS_PAGE_SIZE, REPLIES_PER_COMMENT } from '@wag/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '../../src/lib/messages.js';
import { createCommentsRepository } from '../../src/repositories/comments.repository.js';
import { createUser, type TestUser } from '../support/factories.js';
import { commentLater } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;
const posts: Record<string, { id: string; slug: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { username: 'autora' });
  follower = await createUser(t);
  stranger = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
  posts.public = await insertPost(t, owner.id, { visibility: 'public', mediaCount: 3 });
  posts.followers = await insertPost(t, owner.id, { visibility: 'followers' });
  posts.vip = await insertPost(t, owner.id, { postType: 'vip' });
  posts.processing = await insertPost(t, owner.id, { status: 'processing' });
  posts.quicky = await insertPost(t, owner.id, { postType: 'quicky' });
});
afterAll(() => t.close());

const viewers = () => ({ guest: null, stranger, follower, owner }) as Record<string, TestUser | null>;

async function bySlug(slug: string, viewer: TestUser | null) {
  return t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: viewer?.token });
}

describe("a post's author picture", () => {
  it('is the small rendition (96 px), as every list draws it: a post shows it at 32 to 46 px', async () => {
    const author = await createUser(t);
    await t.db.updateTable('users').set({ avatar_key: 'u/authorpicture0000001' }).where('id', '=', author.id).execute();
    const post = await insertPost(t, author.id);
    const response = await bySlug(post.slug, stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json().post.user.picture).toBe('/media/u/authorpicture0000001/avatar-96.webp');
  });
});

describe('the audience matrix on GET /api/posts/slug/{slug}', () => {
  const expected: Record<string, Record<string, number | 'locked'>> = {
    public: { guest: 200, stranger: 200, follower: 200, owner: 200 },
    followers: { guest: 404, stranger: 404, follower: 200, owner: 200 },
    vip: { guest: 'locked', stranger: 'locked', follower: 'locked', owner: 200 },
    processing: { guest: 404, stranger: 404, follower: 404, owner: 200 },
  };
  for (const [kind, row] of Object.entries(expected)) {
    for (const [who, outcome] of Object.entries(row)) {
      it(`${kind} post, ${who}: ${outcome}`, async () => {
        const response = await bySlug(posts[kind]!.slug, viewers()[who]!);
        if (outcome === 404) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ success: false, message: messages.postNotFound });
          return;
        }
        expect(response.statusCode).toBe(200);
        const post = response.json().post;
        if (outcome === 'locked') {
          expect(post.locked).toBe(true);
          expect(JSON.stringify(post)).not.toContain('/media/');
        } else {
          expect(post.locked).toBe(false);
          expect(post.media[0].url).toMatch(/^\/media\//);
        }
      });
    }
  }

  it('describes the post with its author, media list and relation', async () => {
    const post = (await bySlug(posts.public!.slug, follower)).json().post;
    expect(post).toMatchObject({
      id: posts.public!.id,
      slug: posts.public!.slug,
      post_type: 'grid',
      media_count: 3,
      isLiked: false,
      isOwner: false,
      isFollowingAuthor: true,
      user: { username: 'autora', isVerified: false },
    });
    expect(post.media).toHaveLength(3);
    expect(post.image_url).toBe(post.media[0].url);
    const quicky = (await bySlug(posts.quicky!.slug, null)).json().post;
    expect(quicky.media[0]).toMatchObject({ type: 'video', url: expect.stringMatching(/video\.mp4$/), poster_url: expect.stringMatching(/poster\.webp$/) });
    expect((await bySlug('no-existe', null)).statusCode).toBe(404);
  });
});

describe('stats, views and likes', () => {
  it('counts one view per logged-in viewer of a video played for long enough; guests and the owner do not count', async () => {
    const id = posts.quicky!.id;
    const played = { watchedMs: 5000 };
    await t.request({ method: 'POST', url: `/api/posts/${id}/view`, payload: played });
    await t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: owner.token, payload: played });
    // Opening a video is not a view (docs/decisions/0023-for-you.md).
    expect((await t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: stranger.token })).json()).toEqual({ success: true, views: 0 });
    const first = await t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: stranger.token, payload: played });
    expect(first.json()).toEqual({ success: true, views: 1 });
    const again = await t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: stranger.token, payload: played });
    expect(again.json()).toEqual({ success: true, views: 1 });
    expect((await t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: follower.token, payload: played })).json().views).toBe(2);
  });

  it('likes idempotently, unlikes never below zero, and reports isLiked per viewer', async () => {
    const id = posts.public!.id;
    const like = await t.request({ method: 'POST', url: `/api/posts/${id}/like`, token: stranger.token });
    expect(like.json()).toEqual({ success: true, isLiked: true, likes: 1 });
    expect((await t.request({ method: 'POST', url: `/api/posts/${id}/like`, token: stranger.token })).json().likes).toBe(1);
    expect((await t.request({ method: 'GET', url: `/api/posts/${id}/stats`, token: stranger.token })).json()).toEqual({ likes: 1, views: 0, isLiked: true });
    expect((await t.request({ method: 'GET', url: `/api/posts/${id}/stats` })).json()).toEqual({ likes: 1, views: 0, isLiked: false });
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${id}/like`, token: stranger.token })).json()).toEqual({ success: true, isLiked: false, likes: 0 });
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${id}/like`, token: stranger.token })).json().likes).toBe(0);
    expect((await t.request({ method: 'POST', url: `/api/posts/${id}/like` })).statusCode).toBe(401);
  });

  it('refuses interactions the audience does not allow', async () => {
    expect((await t.request({ method: 'POST', url: `/api/posts/${posts.followers!.id}/like`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/posts/${posts.followers!.id}/stats` })).statusCode).toBe(404);
    const vip = await t.request({ method: 'POST', url: `/api/posts/${posts.vip!.id}/like`, token: follower.token });
    expect(vip.statusCode).toBe(403);
    expect(vip.json()).toEqual({ success: false, message: messages.subscribersOnly });
    expect((await t.request({ method: 'POST', url: `/api/posts/${posts.vip!.id}/like`, token: owner.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/posts/not-a-uuid/like', token: owner.token })).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('adds trimmed comments and one level of replies, counted on the post', async () => {
    const id = posts.public!.id;
    const empty = await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: stranger.token, payload: { text: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, message: messages.commentEmpty });
    const tooLong = await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: stranger.token, payload: { text: 'x'.repeat(1001) } });
    expect(tooLong.json().message).toBe(messages.commentTooLong);

    const first = await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: stranger.token, payload: { text: '  Primero ' } });
    expect(first.statusCode).toBe(201);
    const top = first.json().comment;
    expect(top).toMatchObject({ text: 'Primero', parent_id: null, replies: [], likes_count: 0, isLiked: false, user: { username: stranger.username } });
    t.clock.advance(1000);
    const reply = (await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: owner.token, payload: { text: `@${stranger.username} gracias`, parent_id: top.id } })).json().comment;
    expect(reply.parent_id).toBe(top.id);
    t.clock.advance(1000);
    const nested = (await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: follower.token, payload: { text: 'Yo también', parent_id: reply.id } })).json().comment;
    expect(nested.parent_id).toBe(top.id);
    t.clock.advance(1000);
    await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: follower.token, payload: { text: 'Segundo' } });

    const all = (await t.request({ method: 'GET', url: `/api/posts/${id}/comments` })).json();
    expect(all.comments.map((c: { text: string }) => c.text)).toEqual(['Primero', 'Segundo']);
    expect(all.comments[0].replies.map((c: { text: string }) => c.text)).toEqual([`@${stranger.username} gracias`, 'Yo también']);
    expect(all.comments[0].replies_count).toBe(2);
    const recent = (await t.request({ method: 'GET', url: `/api/posts/${id}/comments?sort=recent` })).json();
    expect(recent.comments.map((c: { text: string }) => c.text)).toEqual(['Segundo', 'Primero']);
    const flat = (await t.request({ method: 'GET', url: `/api/posts/${id}/comments?threaded=0&sort=recent` })).json();
    expect(flat.comments).toHaveLength(4);
    expect((await t.request({ method: 'GET', url: `/api/posts/${id}/stats` })).json()).toMatchObject({ likes: 0 });
    const row = await t.db.selectFrom('posts').select('comments_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.comments_count).toBe(4);

    const badParent = await t.request({ method: 'POST', url: `/api/posts/${posts.quicky!.id}/comments`, token: owner.token, payload: { text: 'x', parent_id: top.id } });
    expect(badParent.json()).toEqual({ success: false, message: messages.commentParentInvalid });
    expect((await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, payload: { text: 'hola' } })).statusCode).toBe(401);
  });

  it('likes comments once, unlikes never below zero, with isLiked per viewer', async () => {
    const id = posts.quicky!.id;
    const created = (await t.request({ method: 'POST', url: `/api/posts/${id}/comments`, token: owner.token, payload: { text: 'Mi quicky' } })).json().comment;
    expect((await t.request({ method: 'POST', url: `/api/comments/${created.id}/like`, token: stranger.token })).json()).toEqual({ success: true, isLiked: true, likes: 1 });
    expect((await t.request({ method: 'POST', url: `/api/comments/${created.id}/like`, token: stranger.token })).json().likes).toBe(1);
    const list = (await t.request({ method: 'GET', url: `/api/posts/${id}/comments`, token: stranger.token })).json();
    expect(list.comments[0]).toMatchObject({ likes_count: 1, isLiked: true });
    expect((await t.request({ method: 'DELETE', url: `/api/comments/${created.id}/like`, token: stranger.token })).json().likes).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/comments/${created.id}/like`, token: stranger.token })).json().likes).toBe(0);
    expect((await t.request({ method: 'POST', url: '/api/comments/00000000-0000-0000-0000-000000000000/like', token: stranger.token })).statusCode).toBe(404);
  });

  it('keeps comments of hidden and locked posts out of reach', async () => {
    expect((await t.request({ method: 'GET', url: `/api/posts/${posts.followers!.id}/comments` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/posts/${posts.followers!.id}/comments`, token: follower.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/posts/${posts.vip!.id}/comments`, token: follower.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/posts/${posts.followers!.id}/comments`, token: stranger.token, payload: { text: 'hola' } })).statusCode).toBe(404);
  });

  it('pages comments without gaps or repeats', async () => {
    const post = await insertPost(t, owner.id);
    for (let i = 0; i < 65; i += 1) {
      t.clock.advance(1000);
      await t.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, token: follower.token, payload: { text: `c${i}` } });
    }
    for (const sort of ['all', 'recent']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/posts/${post.id}/comments?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await t.request({ method: 'GET', url })).json() as { comments: Array<{ text: string }>; nextCursor: string | null };
        seen.push(...page.comments.map((c) => c.text));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(65);
      expect(seen[0]).toBe(sort === 'all' ? 'c0' : 'c64');
    }
  });
  it('threads a page: its comments\' oldest replies up to the cap, counted and judged for each viewer', async () => {
    const post = await insertPost(t, owner.id);
    const reader = await createUser(t);
    const pest = await createUser(t);
    await t.request({ method: 'POST', url: `/api/blocks/${pest.username}`, token: reader.token });
    const say = (who: TestUser, text: string, parentId?: string) => commentLater(t, who, post.id, text, parentId);
    const first = await say(follower, 'primero');
    await say(pest, 'r-pest', first.id);
    const replyTexts: string[] = [];
    for (let i = 0; i < REPLIES_PER_COMMENT + 2; i += 1) {
      await say(stranger, `r${i}`, first.id);
      replyTexts.push(`r${i}`);
    }
    for (let i = 1; i < COMMENTS_PAGE_SIZE; i += 1) await say(follower, `c${i}`);
    const last = await say(stranger, 'último');
    await say(owner, 'r-último', last.id);

    type Page = { comments: Array<{ text: string; replies: Array<{ text: string; parent_id: string }>; replies_count: number }>; nextCursor: string | null };
    const read = async (viewer: TestUser | null, query: string) => {
      const response = await t.request({ method: 'GET', url: `/api/posts/${post.id}/comments?${query}`, token: viewer?.token });
      expect(response.statusCode).toBe(200);
      return response.json() as Page;
    };

    // Oldest first: the first page holds the first COMMENTS_PAGE_SIZE comments; the next one is not on it, nor its reply.
    const guest = await read(null, 'sort=all');
    expect(guest.comments.map((c) => c.text)).toEqual(['primero', ...Array.from({ length: COMMENTS_PAGE_SIZE - 1 }, (_, i) => `c${i + 1}`)]);
    expect(guest.nextCursor).not.toBeNull();
    expect(guest.comments[0]!.replies.map((r) => r.text)).toEqual(['r-pest', ...replyTexts.slice(0, REPLIES_PER_COMMENT - 1)]);
    expect(guest.comments[0]!.replies.every((r) => r.parent_id === first.id)).toBe(true);
    expect(guest.comments[0]!.replies_count).toBe(REPLIES_PER_COMMENT + 3);
    expect(guest.comments.slice(1).every((c) => c.replies.length === 0 && c.replies_count === 0)).toBe(true);
    expect(JSON.stringify(guest)).not.toContain('r-último');

    // A viewer who blocked one replier sees neither that reply nor it counted.
    const blocked = await read(reader, 'sort=all');
    expect(blocked.comments[0]!.replies.map((r) => r.text)).toEqual(replyTexts.slice(0, REPLIES_PER_COMMENT));
    expect(blocked.comments[0]!.replies_count).toBe(REPLIES_PER_COMMENT + 2);

    // Newest first: the last comment with its reply opens the page; the first comment is on the next page, threaded as before.
    const recent = await read(stranger, 'sort=recent');
    expect(recent.comments[0]).toMatchObject({ text: 'último', replies_count: 1, replies: [{ text: 'r-último' }] });
    expect(recent.comments.map((c) => c.text)).not.toContain('primero');
    const next = await read(stranger, `sort=recent&cursor=${encodeURIComponent(recent.nextCursor!)}`);
    expect(next.comments.map((c) => c.text)).toEqual(['primero']);
    expect(next.comments[0]!.replies).toHaveLength(REPLIES_PER_COMMENT);
    expect(next.nextCursor).toBeNull();
  });

  it('reads the replies of pages of any length by one statement text, prepared once per connection', async () => {
    const post = await insertPost(t, owner.id);
    const parents: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      const top = await t.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, token: follower.token, payload: { text: `p${i}` } });
      parents.push(top.json().comment.id);
      t.clock.advance(1000);
      await t.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, token: stranger.token, payload: { text: `r${i}`, parent_id: top.json().comment.id } });
    }
    const prepared = await t.db.connection().execute(async (connection) => {
      const repository = createCommentsRepository(connection);
      for (let length = 1; length <= parents.length; length += 1) {
        const replies = await repository.listReplies(parents.slice(0, length), stranger.id, t.clock.now(), REPLIES_PER_COMMENT);
        expect(replies.map((reply) => reply.text)).toEqual(Array.from({ length }, (_, i) => `r${i}`));
      }
      const { rows } = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement LIKE '%FROM unnest(%::uuid[]) AS parent(id)%'`.execute(connection);
      return rows[0]!.count;
    });
    expect(prepared).toBe(1);
  });
});

describe('quicky lists', () => {
  it('lists an author\'s quickys by every lookup of docs/product.md §7, and the public explore grid', async () => {
    const viaQuickys = (await t.request({ method: 'GET', url: `/api/users/${owner.username}/quickys` })).json();
    expect(viaQuickys.quickys.map((q: { slug: string }) => q.slug)).toEqual([posts.quicky!.slug]);
    const viaPosts = (await t.request({ method: 'GET', url: `/api/users/${owner.username}/posts?post_type=quicky` })).json();
    expect(viaPosts.posts.map((q: { slug: string }) => q.slug)).toEqual([posts.quicky!.slug]);
    const viaQuery = (await t.request({ method: 'GET', url: `/api/posts?user_username=${owner.username}&post_type=quicky` })).json();
    expect(viaQuery.posts.map((q: { slug: string }) => q.slug)).toEqual([posts.quicky!.slug]);
    const viaShort = (await t.request({ method: 'GET', url: `/api/posts?user=${owner.username}&type=quicky` })).json();
    expect(viaShort.posts.map((q: { slug: string }) => q.slug)).toEqual([posts.quicky!.slug]);

    const hidden = await insertPost(t, owner.id, { postType: 'quicky', visibility: 'followers' });
    const explore = (await t.request({ method: 'GET', url: '/api/quickys' })).json();
    const slugs = explore.quickys.map((q: { slug: string }) => q.slug);
    expect(slugs).toContain(posts.quicky!.slug);
    expect(slugs).not.toContain(hidden.slug);
    expect(explore.quickys.every((q: { post_type: string }) => q.post_type === 'quicky')).toBe(true);
  });
});
