import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { username: 'Perfil_Owner' });
  follower = await createUser(t);
  stranger = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
  await t.db.updateTable('users').set({ full_name: 'Dueña del Perfil', bio: 'Hola, soy yo.', phone: '+34 600 000 000' }).where('id', '=', owner.id).execute();
  for (const [name, input] of Object.entries({
    public: { visibility: 'public' as const },
    followers: { visibility: 'followers' as const },
    vip: { postType: 'vip' as const },
    quicky: { postType: 'quicky' as const },
    carousel: { mediaCount: 3 },
    processing: { status: 'processing' as const },
  })) {
    t.clock.advance(60_000);
    slugs[name] = (await insertPost(t, owner.id, input)).slug;
  }
});
afterAll(() => t.close());

type Body = {
  user: Record<string, unknown>;
  stats: { followers: number; following: number; posts: number };
  posts: Array<{ slug: string; locked: boolean; media_url: string | null; image_url: string | null; video_url: string | null; thumbnail_url: string | null; media_count: number; post_type: string; status: string }>;
  postsNextCursor: string | null;
  isFollowing: boolean;
  isOwner: boolean;
};

async function profileAs(user: TestUser | null, username = owner.username): Promise<Body> {
  const response = await t.request({ method: 'GET', url: `/api/profile/${username}`, token: user?.token });
  expect(response.statusCode).toBe(200);
  return response.json() as Body;
}

const visibleSlugs = (body: Body) => body.posts.map((post) => post.slug);

describe('GET /api/profile/{username}', () => {
  it('shows the public user, counters and the viewer relation, found in any case', async () => {
    const body = await profileAs(null, 'perfil_owner');
    expect(body.user).toEqual({
      id: owner.id,
      username: 'Perfil_Owner',
      fullName: 'Dueña del Perfil',
      bio: 'Hola, soy yo.',
      profilePictureUrl: null,
      isVerified: false,
      hasActiveStories: false,
    });
    // The post count is what the grid lists to each viewer (F13): a guest is not told of the
    // followers-only post nor of the owner's unfinished one.
    expect(body.stats).toEqual({ followers: 1, following: 0, posts: 4 });
    expect(body.isFollowing).toBe(false);
    expect(body.isOwner).toBe(false);
    const asFollower = await profileAs(follower);
    expect(asFollower.isFollowing).toBe(true);
    expect(asFollower.stats.posts).toBe(5);
    const own = await profileAs(owner);
    expect(own.isOwner).toBe(true);
    expect(own.isFollowing).toBe(false);
    expect(own.stats.posts).toBe(6);
  });

  it('never includes private fields', async () => {
    const response = await t.request({ method: 'GET', url: `/api/profile/${owner.username}`, token: stranger.token });
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toContain('600 000');
    expect(response.body).not.toMatch(/birth|password|phone|"email"/);
  });

  it('applies audiences: guests and strangers never see followers-only posts; only the owner sees unfinished ones', async () => {
    const everyoneElse = [slugs.carousel, slugs.quicky, slugs.vip, slugs.public];
    expect(visibleSlugs(await profileAs(null))).toEqual(everyoneElse);
    expect(visibleSlugs(await profileAs(stranger))).toEqual(everyoneElse);
    expect(visibleSlugs(await profileAs(follower))).toEqual([slugs.carousel, slugs.quicky, slugs.vip, slugs.followers, slugs.public]);
    expect(visibleSlugs(await profileAs(owner))).toEqual([slugs.processing, slugs.carousel, slugs.quicky, slugs.vip, slugs.followers, slugs.public]);
  });

  it('locks VIP posts with no media URL for everyone but the owner', async () => {
    for (const viewer of [null, stranger, follower]) {
      const vip = (await profileAs(viewer)).posts.find((post) => post.slug === slugs.vip)!;
      expect(vip.locked).toBe(true);
      expect([vip.media_url, vip.image_url, vip.video_url, vip.thumbnail_url]).toEqual([null, null, null, null]);
    }
    const own = (await profileAs(owner)).posts.find((post) => post.slug === slugs.vip)!;
    expect(own.locked).toBe(false);
    expect(own.image_url).toMatch(/^\/media\/u\/[a-z0-9]{20}\/full\.webp$/);
  });

  it('describes quickys and carousels', async () => {
    const posts = (await profileAs(null)).posts;
    const quicky = posts.find((post) => post.slug === slugs.quicky)!;
    expect(quicky).toMatchObject({ post_type: 'quicky', media_type: 'video', image_url: null });
    expect(quicky.video_url).toMatch(/video\.mp4$/);
    expect(quicky.media_url).toBe(quicky.video_url);
    expect(posts.find((post) => post.slug === slugs.carousel)!.media_count).toBe(3);
  });

  it('answers 404 with its message for a missing user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/profile/nadie_aqui' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: messages.userNotFound });
  });

  it('shows the story ring only for active stories the viewer may watch', async () => {
    const star = await createUser(t);
    const fan = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
    await t.db.insertInto('stories').values({ user_id: star.id, audience: 'followers', kind: 'image', created_at: t.clock.now() }).execute();
    expect((await profileAs(null, star.username)).user.hasActiveStories).toBe(false);
    expect((await profileAs(fan, star.username)).user.hasActiveStories).toBe(true);
    expect((await profileAs(star, star.username)).user.hasActiveStories).toBe(true);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await profileAs(fan, star.username)).user.hasActiveStories).toBe(false);
  });
});

describe('GET /api/users/{username}/posts', () => {
  it('pages through every visible post once, newest first, and filters by post type', async () => {
    const creator = await createUser(t);
    const made: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      made.push((await insertPost(t, creator.id, { postType: i % 3 === 0 ? 'quicky' : 'grid', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })).slug);
    }
    const first = await profileAs(null, creator.username);
    expect(first.posts.length).toBe(24);
    expect(first.postsNextCursor).not.toBeNull();
    const next = await t.request({ method: 'GET', url: `/api/users/${creator.username}/posts?cursor=${encodeURIComponent(first.postsNextCursor!)}` });
    const rest = next.json() as { posts: Array<{ slug: string }>; nextCursor: string | null };
    expect(rest.nextCursor).toBeNull();
    expect([...visibleSlugs(first), ...rest.posts.map((post) => post.slug)]).toEqual([...made].reverse());

    const quickys = await t.request({ method: 'GET', url: `/api/users/${creator.username}/posts?post_type=quicky&limit=50` });
    const quickyBody = quickys.json() as { posts: Array<{ post_type: string }> };
    expect(quickyBody.posts.length).toBe(10);
    expect(quickyBody.posts.every((post) => post.post_type === 'quicky')).toBe(true);
  });

  it('keeps posts made in the same millisecond apart across pages', async () => {
    const creator = await createUser(t);
    const at = new Date('2026-02-02T10:00:00Z');
    for (let i = 0; i < 5; i += 1) await insertPost(t, creator.id, { createdAt: at });
    const slugsSeen = new Set<string>();
    let cursor: string | null = null;
    do {
      const url: string = `/api/users/${creator.username}/posts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await t.request({ method: 'GET', url })).json() as { posts: Array<{ slug: string }>; nextCursor: string | null };
      for (const post of page.posts) slugsSeen.add(post.slug);
      cursor = page.nextCursor;
    } while (cursor);
    expect(slugsSeen.size).toBe(5);
  });

  it('applies the same audiences on every page as on the profile', async () => {
    const page = async (viewer: TestUser | null) => {
      const response = await t.request({ method: 'GET', url: `/api/users/perfil_owner/posts?limit=60`, token: viewer?.token });
      expect(response.statusCode).toBe(200);
      return response.json() as { posts: Body['posts']; nextCursor: string | null };
    };
    for (const viewer of [null, stranger, follower, owner]) {
      const body = await page(viewer);
      expect(body.posts.map((post) => post.slug)).toEqual(visibleSlugs(await profileAs(viewer)));
      expect(body.nextCursor).toBeNull();
      expect(body.posts.filter((post) => post.locked).map((post) => post.slug)).toEqual(viewer === owner ? [] : [slugs.vip]);
    }
    const response = await t.request({ method: 'GET', url: `/api/users/${owner.username}/posts`, token: stranger.token });
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toMatch(/birth|password|phone|"email"/);
  });

  it('answers 404 for the posts of a missing user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/users/nadie_aqui/posts' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: messages.userNotFound });
  });

  it('refuses a forged cursor', async () => {
    const response = await t.request({ method: 'GET', url: `/api/users/${owner.username}/posts?cursor=abc` });
    expect(response.statusCode).toBe(400);
  });
});

describe('OpenAPI description', () => {
  it('documents the profile, follow, list, search and WAG Stars calls with a tag and a summary', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const calls: Array<[string, string]> = [
      ['/api/profile/{username}', 'get'],
      ['/api/users/{username}/posts', 'get'],
      ['/api/follow/status/{username}', 'get'],
      ['/api/follow/{username}', 'post'],
      ['/api/follow/{username}', 'delete'],
      ['/follow/{username}', 'post'],
      ['/follow/{username}', 'delete'],
      ['/api/users/{username}/followers', 'get'],
      ['/api/users/{username}/following', 'get'],
      ['/api/users/search', 'get'],
      ['/api/wag-stars', 'get'],
    ];
    for (const [path, method] of calls) {
      const operation = spec.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.tags?.length).toBeGreaterThan(0);
      expect(operation?.summary).toBeTruthy();
    }
  });
});
