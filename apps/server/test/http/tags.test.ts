import { randomUUID } from 'node:crypto';
import type { TagPageResponse, TagSuggestionsResponse } from '@wag/contract/tags';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience, PostType } from '../../src/db/schema.js';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

/** A tag no other test uses (letters only, so it is a valid tag). */
function uniqueTag(base = 'tag'): string {
  return base + Array.from(randomUUID().replace(/-/g, '').slice(0, 10), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
}

interface PostInput {
  tags: string[];
  visibility?: Audience;
  postType?: PostType;
  status?: 'ready' | 'processing';
  likes?: number;
  createdAt?: Date;
}

async function post(author: TestUser, input: PostInput): Promise<{ id: string; slug: string }> {
  const postType = input.postType ?? (input.visibility === 'subscribers' ? 'vip' : 'grid');
  const slug = `post-${randomUUID().slice(0, 12)}`;
  const row = await t.db
    .insertInto('posts')
    .values({
      slug,
      user_id: author.id,
      post_type: postType,
      content_type: postType === 'quicky' ? 'video' : 'image',
      visibility: input.visibility ?? 'public',
      description: input.tags.map((tag) => `#${tag}`).join(' '),
      tags: input.tags,
      status: input.status ?? 'ready',
      likes_count: input.likes ?? 0,
      created_at: input.createdAt ?? t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = `u/${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  await t.db
    .insertInto('post_media')
    .values({ post_id: row.id, position: 0, kind: 'image', width: 1080, height: 1350, image_key: `${folder}/full.webp`, thumb_key: `${folder}/thumb.webp` })
    .execute();
  return { id: row.id, slug };
}

async function tagPage(tag: string, viewer?: TestUser | null, query: Record<string, string> = {}): Promise<TagPageResponse> {
  const search = new URLSearchParams(query).toString();
  const response = await t.request({ method: 'GET', url: `/api/tags/${encodeURIComponent(tag)}${search ? `?${search}` : ''}`, token: viewer?.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TagPageResponse;
}

async function allSlugs(tag: string, viewer: TestUser | null, sort: 'recent' | 'popular'): Promise<{ slugs: string[]; pages: number }> {
  const slugs: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: TagPageResponse = await tagPage(tag, viewer, cursor ? { sort, cursor } : { sort });
    slugs.push(...page.posts.map((item) => item.slug));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { slugs, pages };
}

async function suggest(q: string): Promise<TagSuggestionsResponse> {
  const response = await t.request({ method: 'GET', url: `/api/tags?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TagSuggestionsResponse;
}

describe('hashtags written in a caption', () => {
  it('become the post’s tags, lower-cased with accents kept, merged with the form’s, and open the tag page', async () => {
    const author = await createUser(t);
    const beach = uniqueTag('playa');
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();
    const response = await t.request({
      method: 'POST',
      url: '/api/posts',
      token: author.token,
      ...multipart([{ field: 'media', filename: 'foto.jpg', contentType: 'image/jpeg', data: image }], {
        description: `Día de #${beach.toUpperCase()} con @${author.username}, #Año nuevo y #verano2026 (#2026 no cuenta; ana@example.com tampoco)`,
        visibility: 'public',
        tags: 'sol, sun-set #Sol',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const slug = (response.json() as { slug: string }).slug;
    const detail = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).json() as { post: { tags: string[] } };
    expect(detail.post.tags).toEqual(['sol', beach, 'año', 'verano2026']);

    const page = await tagPage(`#${beach[0]!.toUpperCase()}${beach.slice(1)}`.slice(1));
    expect(page).toMatchObject({ tag: beach, count: 1, nextCursor: null });
    expect(page.posts.map((item) => item.slug)).toEqual([slug]);
    expect((await tagPage('AÑO')).posts.map((item) => item.slug)).toContain(slug);
    expect((await tagPage('ano')).posts.map((item) => item.slug)).not.toContain(slug);
    // Composed and decomposed accents are one tag.
    expect((await tagPage('an\u0303o')).tag).toBe('año');
  });
});

describe('GET /api/tags/{tag}', () => {
  it('lists what the viewer may see: followers-only to followers, VIP locked, nothing blocked, taken down or processing', async () => {
    const tag = uniqueTag();
    const author = await createUser(t);
    const blocker = await createUser(t);
    const follower = await createUser(t);
    const publicPost = await post(author, { tags: [tag] });
    const followersPost = await post(author, { tags: [tag], visibility: 'followers' });
    const vipPost = await post(author, { tags: [tag], visibility: 'subscribers' });
    const takenDown = await post(author, { tags: [tag] });
    await post(author, { tags: [tag], status: 'processing' });
    const blockersPost = await post(blocker, { tags: [tag], postType: 'quicky' });
    await t.db.updateTable('posts').set({ moderation: 'removed' }).where('id', '=', takenDown.id).execute();
    expect((await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: follower.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/blocks/${follower.username}`, token: blocker.token })).statusCode).toBe(200);

    const guest = await tagPage(tag);
    expect(new Set(guest.posts.map((item) => item.slug))).toEqual(new Set([publicPost.slug, vipPost.slug, blockersPost.slug]));
    const vip = guest.posts.find((item) => item.slug === vipPost.slug)!;
    expect(vip.locked).toBe(true);
    expect(vip.image_url).toBeNull();
    // The count is what anyone can find: public and VIP posts, ready and not taken down.
    expect(guest.count).toBe(3);

    const followed = await tagPage(tag, follower);
    expect(new Set(followed.posts.map((item) => item.slug))).toEqual(new Set([publicPost.slug, followersPost.slug, vipPost.slug]));
    // The author sees their own followers-only post as well.
    expect((await tagPage(tag, author)).posts.map((item) => item.slug)).toContain(followersPost.slug);
  });

  it('pages newest first and most liked first by keyset, without repeats or gaps', async () => {
    const tag = uniqueTag();
    const author = await createUser(t);
    const base = t.clock.now().getTime();
    const made: Array<{ slug: string; likes: number; at: number }> = [];
    for (let i = 0; i < 30; i += 1) {
      const likes = (i * 7) % 5;
      const at = base - i * 60_000;
      made.push({ slug: (await post(author, { tags: [tag], likes, createdAt: new Date(at) })).slug, likes, at });
    }
    const recent = await allSlugs(tag, null, 'recent');
    expect(recent.pages).toBe(2);
    expect(recent.slugs).toEqual([...made].sort((a, b) => b.at - a.at).map((item) => item.slug));
    const popular = await allSlugs(tag, null, 'popular');
    expect(popular.slugs).toEqual([...made].sort((a, b) => b.likes - a.likes || b.at - a.at).map((item) => item.slug));
    // A cursor of one order does not continue the other.
    const first = await tagPage(tag, null, { sort: 'recent' });
    const wrong = await t.request({ method: 'GET', url: `/api/tags/${tag}?sort=popular&cursor=${first.nextCursor}` });
    expect(wrong.statusCode).toBe(400);
  });

  it('answers an unknown tag with an empty page and refuses what is not a tag', async () => {
    expect(await tagPage(uniqueTag())).toMatchObject({ count: 0, posts: [], nextCursor: null });
    for (const bad of ['sun-set', '2026', 'a'.repeat(51), '<script>']) {
      const response = await t.request({ method: 'GET', url: `/api/tags/${encodeURIComponent(bad)}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ success: false, message: messages.badTag });
    }
    expect((await t.request({ method: 'GET', url: '/api/tags/playa?cursor=nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/tags/playa?sort=old' })).statusCode).toBe(400);
  });
});

describe('tag counts and GET /api/tags?q=', () => {
  it('suggests tags by prefix, the most used first, never one used only in followers-only posts', async () => {
    const stem = uniqueTag('sug');
    const author = await createUser(t);
    for (let i = 0; i < 3; i += 1) await post(author, { tags: [`${stem}mar`] });
    await post(author, { tags: [`${stem}monte`] });
    await post(author, { tags: [`${stem}secreto`], visibility: 'followers' });
    expect((await suggest(stem)).tags).toEqual([
      { tag: `${stem}mar`, count: 3 },
      { tag: `${stem}monte`, count: 1 },
    ]);
    expect((await suggest(`#${stem.toUpperCase()}MO`)).tags).toEqual([{ tag: `${stem}monte`, count: 1 }]);
    expect((await suggest('')).tags).toEqual([]);
    expect((await suggest('%')).tags).toEqual([]);
  });

  it('keeps each tag’s count on every write: publishing, taking down, changing the audience and deleting', async () => {
    const tag = uniqueTag();
    const author = await createUser(t);
    const count = async () => (await tagPage(tag)).count;
    const a = await post(author, { tags: [tag] });
    const b = await post(author, { tags: [tag], status: 'processing' });
    expect(await count()).toBe(1);
    await t.db.updateTable('posts').set({ status: 'ready' }).where('id', '=', b.id).execute();
    expect(await count()).toBe(2);
    await t.db.updateTable('posts').set({ moderation: 'removed' }).where('id', '=', a.id).execute();
    expect(await count()).toBe(1);
    await t.db.updateTable('posts').set({ visibility: 'followers' }).where('id', '=', b.id).execute();
    expect(await count()).toBe(0);
    await t.db.updateTable('posts').set({ visibility: 'public', moderation: null }).where('id', 'in', [a.id, b.id]).execute();
    expect(await count()).toBe(2);
    const deleted = await t.request({ method: 'DELETE', url: `/api/posts/${a.id}`, token: author.token });
    expect(deleted.statusCode).toBe(200);
    expect(await count()).toBe(1);
  });
});
