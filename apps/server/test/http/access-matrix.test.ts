import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_DECISION_TTL_MS } from '../../src/access/media-access.js';
import type { Audience } from '../../src/db/schema.js';
import { writeMessage } from '../../src/repositories/conversations.repository.js';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every read path against the access rules: guest, stranger, follower, ex-follower and owner, each
 * looking at public, followers-only and VIP posts and stories, through every call that can show
 * them or their files. The expected visibility is written out below, by hand, from docs/product-decisions.md §3;
 * each path maps it to what it should answer. Data the viewer should not reach (a saved post, a
 * notification or a quoted story from when they followed) is put in place first, so a path that
 * forgets to ask the rules shows it.
 */
type Who = 'guest' | 'stranger' | 'follower' | 'exFollower' | 'owner';
type Seen = 'owner' | 'visible' | 'locked' | 'hidden';
const WHO: Who[] = ['guest', 'stranger', 'follower', 'exFollower', 'owner'];
const AUDIENCES: Audience[] = ['public', 'followers', 'subscribers'];

const POSTS: Record<Who, Record<Audience, Seen>> = {
  guest: { public: 'visible', followers: 'hidden', subscribers: 'locked' },
  stranger: { public: 'visible', followers: 'hidden', subscribers: 'locked' },
  follower: { public: 'visible', followers: 'visible', subscribers: 'locked' },
  exFollower: { public: 'visible', followers: 'hidden', subscribers: 'locked' },
  owner: { public: 'owner', followers: 'owner', subscribers: 'owner' },
};
// Stories have no locked face: VIP stories are their owner's alone until subscriptions exist.
const STORIES: Record<Who, Record<Audience, Seen>> = {
  guest: { public: 'visible', followers: 'hidden', subscribers: 'hidden' },
  stranger: { public: 'visible', followers: 'hidden', subscribers: 'hidden' },
  follower: { public: 'visible', followers: 'visible', subscribers: 'hidden' },
  exFollower: { public: 'visible', followers: 'hidden', subscribers: 'hidden' },
  owner: { public: 'owner', followers: 'owner', subscribers: 'owner' },
};

/** What a path answers: the thing open, shown locked, merely known to exist, absent, or asking for a login. */
type Outcome = 'open' | 'locked' | 'known' | 'absent' | 'login' | 'own';
const shown = (seen: Seen): Outcome => (seen === 'hidden' ? 'absent' : seen === 'locked' ? 'locked' : 'open');
const known = (seen: Seen): Outcome => (seen === 'hidden' ? 'absent' : 'known');
const open = (seen: Seen): Outcome => (seen === 'owner' || seen === 'visible' ? 'open' : 'absent');
const byStatus = (status: number, okay: Outcome = 'open'): Outcome =>
  status === 200 || status === 201 ? okay : status === 403 ? 'locked' : status === 404 ? 'absent' : status === 401 ? 'login' : status === 400 ? 'own' : (`status ${status}` as Outcome);

interface PostItem {
  audience: Audience;
  kind: 'image' | 'quicky';
  id: string;
  slug: string;
  token: string;
  file: string;
  commentId: string;
}
interface StoryItem {
  audience: Audience;
  kept: boolean;
  id: string;
  file: string;
}

let t: TestApp;
const people = {} as Record<Exclude<Who, 'guest'>, TestUser>;
const posts: PostItem[] = [];
const stories: StoryItem[] = [];

const as = (who: Who) => (who === 'guest' ? undefined : people[who]);
const get = (who: Who, url: string) => t.request({ method: 'GET', url, token: as(who)?.token });
const send = (who: Who, method: 'POST' | 'DELETE', url: string, payload?: object) => t.request({ method, url, token: as(who)?.token, payload });

/** A folder with real files for an item inserted straight into the database. */
async function writeFiles(keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await t.stored.write(key, `bytes of ${key}`);
  }
}

async function addStory(owner: TestUser, audience: Audience, kept: boolean): Promise<StoryItem> {
  const folder = `u/${Math.random().toString(36).slice(2).padEnd(20, 'x').slice(0, 20)}`;
  const now = t.clock.now();
  const row = await t.db
    .insertInto('stories')
    .values({
      user_id: owner.id,
      audience,
      kind: 'image',
      image_key: `${folder}/full.webp`,
      poster_key: `${folder}/thumb.webp`,
      created_at: kept ? new Date(now.getTime() - 48 * 3600_000) : now,
      highlighted_at: kept ? new Date(now.getTime() - 24 * 3600_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeFiles([`${folder}/full.webp`, `${folder}/thumb.webp`]);
  return { audience, kept, id: row.id, file: `/media/${folder}/full.webp` };
}

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  const owner = await createUser(t, { username: 'matriz_duena' });
  people.owner = owner;
  people.stranger = await createUser(t, { username: 'matriz_extrana' });
  people.follower = await createUser(t, { username: 'matriz_seguidora' });
  people.exFollower = await createUser(t, { username: 'matriz_exseguidora' });
  for (const who of ['follower', 'exFollower'] as const) {
    expect((await send(who, 'POST', `/api/follow/${owner.username}`)).statusCode).toBe(200);
  }

  for (const audience of AUDIENCES) {
    const kinds = audience === 'subscribers' ? (['image'] as const) : (['image', 'quicky'] as const);
    for (const kind of kinds) {
      const token = `matriz${audience}${kind}`;
      const postType = audience === 'subscribers' ? 'vip' : kind === 'quicky' ? 'quicky' : 'grid';
      const { id, slug } = await insertPost(t, owner.id, { postType, visibility: audience, description: `Hola ${token}` });
      const media = await t.db.selectFrom('post_media').select(['image_key', 'thumb_key', 'video_key', 'poster_key']).where('post_id', '=', id).executeTakeFirstOrThrow();
      await writeFiles([media.image_key, media.thumb_key, media.video_key, media.poster_key]);
      const comment = await t.db
        .insertInto('comments')
        .values({ post_id: id, user_id: owner.id, text: 'Primer comentario' })
        .returning('id')
        .executeTakeFirstOrThrow();
      posts.push({ audience, kind, id, slug, token, file: `/media/${media.video_key ?? media.image_key}`, commentId: comment.id });
    }
    stories.push(await addStory(owner, audience, false), await addStory(owner, audience, true));
  }

  // What each signed-in person may have collected while they could see it, or may have been sent:
  // saved posts, notifications about the items, and story replies quoting the stories.
  for (const who of ['stranger', 'follower', 'exFollower', 'owner'] as const) {
    const me = people[who];
    const actor = who === 'owner' ? people.stranger : owner;
    await t.db.insertInto('saved_posts').values(posts.map((post) => ({ user_id: me.id, post_id: post.id }))).execute();
    await t.db
      .insertInto('notifications')
      .values([
        ...posts.map((post) => ({ recipient_id: me.id, actor_id: actor.id, type: 'mention' as const, post_id: post.id, text: post.token })),
        ...stories.map((story) => ({ recipient_id: me.id, actor_id: actor.id, type: 'story_reply' as const, story_id: story.id, text: 'respuesta' })),
      ])
      .execute();
    const partner = who === 'owner' ? people.stranger : me;
    for (const story of stories.filter((item) => !item.kept)) {
      await writeMessage(t.db, { senderId: partner.id, recipientId: owner.id, text: `sobre ${story.audience}`, storyId: story.id, at: t.clock.now() });
    }
  }

  expect((await send('exFollower', 'DELETE', `/api/follow/${owner.username}`)).statusCode).toBe(200);
  // Files judged earlier in this process are judged again: every answer below is the rules' of now.
  t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
});
afterAll(() => t.close());

interface PostPath {
  name: string;
  /** Only some items are reachable through this path (quickys lists); absent means all. */
  applies?: (item: PostItem, who: Who) => boolean;
  expect: (seen: Seen, item: PostItem, who: Who) => Outcome;
  probe: (who: Who, item: PostItem) => Promise<Outcome>;
}

const inList = (list: Array<{ slug: string; locked: boolean }>, slug: string): Outcome => {
  const found = list.find((entry) => entry.slug === slug);
  return !found ? 'absent' : found.locked ? 'locked' : 'open';
};
const ownerName = () => people.owner.username;
const signedIn = (who: Who) => who !== 'guest';

const POST_PATHS: PostPath[] = [
  {
    name: 'post page',
    expect: shown,
    probe: async (who, item) => {
      const response = await get(who, `/api/posts/slug/${item.slug}`);
      if (response.statusCode !== 200) return byStatus(response.statusCode);
      const post = response.json().post;
      return post.locked ? 'locked' : post.media[0]?.url ? 'open' : ('open without media' as Outcome);
    },
  },
  { name: 'post stats', expect: known, probe: async (who, item) => byStatus((await get(who, `/api/posts/${item.id}/stats`)).statusCode, 'known') },
  { name: 'post view', expect: known, probe: async (who, item) => byStatus((await send(who, 'POST', `/api/posts/${item.id}/view`)).statusCode, 'known') },
  { name: 'comments', expect: shown, probe: async (who, item) => byStatus((await get(who, `/api/posts/${item.id}/comments`)).statusCode) },
  {
    name: 'like',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : shown(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/posts/${item.id}/like`)).statusCode),
  },
  {
    name: 'comment like',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : shown(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/comments/${item.commentId}/like`)).statusCode),
  },
  {
    name: 'comment',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : shown(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/posts/${item.id}/comments`, { text: 'Qué bonito' })).statusCode),
  },
  {
    name: 'save',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : known(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/posts/${item.id}/save`)).statusCode, 'known'),
  },
  { name: 'profile grid', expect: shown, probe: async (who, item) => inList((await get(who, `/api/profile/${ownerName()}`)).json().posts, item.slug) },
  { name: 'profile pages', expect: shown, probe: async (who, item) => inList((await get(who, `/api/users/${ownerName()}/posts`)).json().posts, item.slug) },
  { name: 'posts of an author', expect: shown, probe: async (who, item) => inList((await get(who, `/api/posts?user_username=${ownerName()}`)).json().posts, item.slug) },
  {
    name: 'quickys of an author',
    applies: (item) => item.kind === 'quicky',
    expect: shown,
    probe: async (who, item) => inList((await get(who, `/api/users/${ownerName()}/quickys`)).json().quickys, item.slug),
  },
  {
    name: 'explore quickys',
    applies: (item) => item.kind === 'quicky',
    // The explore grid is the same for everyone: what a guest may open.
    expect: (_seen, item) => (item.audience === 'public' ? 'open' : 'absent'),
    probe: async (who, item) => inList((await get(who, '/api/quickys')).json().quickys, item.slug),
  },
  {
    name: 'feed',
    // A follower gets the following feed; everyone who follows nobody (the owner here too) the
    // discovery feed of public posts.
    expect: (seen, item, who) => (who === 'follower' ? shown(seen) : item.audience === 'public' ? 'open' : 'absent'),
    probe: async (who, item) => inList((await get(who, '/api/feed')).json().items, item.slug),
  },
  {
    name: 'saved',
    applies: (_item, who) => signedIn(who),
    expect: shown,
    probe: async (who, item) => inList((await get(who, '/api/saved')).json().items, item.slug),
  },
  { name: 'search', expect: shown, probe: async (who, item) => inList((await get(who, `/api/search?query=${item.token}`)).json().posts, item.slug) },
  {
    name: 'notification picture',
    applies: (_item, who) => signedIn(who),
    expect: open,
    probe: async (who, item) => {
      const line = (await get(who, '/api/notifications')).json().items.find((entry: { text: string }) => entry.text === item.token);
      if (!line) return 'line missing' as Outcome;
      return line.target?.thumbnail_url ? 'open' : 'absent';
    },
  },
  {
    name: 'media file',
    expect: open,
    probe: async (who, item) =>
      byStatus((await t.request({ method: 'GET', url: item.file, headers: who === 'guest' ? {} : { cookie: people[who].mediaCookie } })).statusCode),
  },
];

interface StoryPath {
  name: string;
  applies?: (item: StoryItem, who: Who) => boolean;
  expect: (seen: Seen, item: StoryItem, who: Who) => Outcome;
  probe: (who: Who, item: StoryItem) => Promise<Outcome>;
}

const hasStory = (list: Array<{ id: string }>, id: string): Outcome => (list.some((entry) => entry.id === id) ? 'known' : 'absent');

const STORY_PATHS: StoryPath[] = [
  {
    name: 'active stories',
    applies: (item) => !item.kept,
    expect: known,
    probe: async (who, item) => hasStory((await get(who, `/api/stories/active/${ownerName()}`)).json().stories, item.id),
  },
  {
    name: 'highlights',
    applies: (item) => item.kept,
    expect: known,
    probe: async (who, item) => hasStory((await get(who, `/api/stories/wholesale/${ownerName()}`)).json().highlights, item.id),
  },
  { name: 'story meta', expect: known, probe: async (who, item) => byStatus((await get(who, `/api/stories/${item.id}/meta`)).statusCode, 'known') },
  {
    name: 'story view',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : known(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/stories/${item.id}/view`)).statusCode, 'known'),
  },
  {
    name: 'story like',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : known(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/stories/${item.id}/like`)).statusCode, 'known'),
  },
  {
    name: 'story reply',
    expect: (seen, _item, who) => (who === 'guest' ? 'login' : who === 'owner' ? 'own' : known(seen)),
    probe: async (who, item) => byStatus((await send(who, 'POST', `/api/stories/${item.id}/reply`, { text: 'Me encanta' })).statusCode, 'known'),
  },
  {
    name: 'notification picture',
    applies: (_item, who) => signedIn(who),
    expect: open,
    probe: async (who, item) => {
      const lines = (await get(who, '/api/notifications')).json().items as Array<{ text: string; target: { thumbnail_url: string | null } | null }>;
      const expectedUrl = item.file.replace('full.webp', 'thumb.webp');
      const mine = lines.filter((line) => line.text === 'respuesta');
      if (mine.length !== stories.length) return `lines: ${mine.length}` as Outcome;
      return mine.some((line) => line.target?.thumbnail_url === expectedUrl) ? 'open' : 'absent';
    },
  },
  {
    name: 'quoted in a chat',
    applies: (item, who) => signedIn(who) && !item.kept,
    expect: open,
    probe: async (who, item) => {
      const partner = who === 'owner' ? people.stranger.username : ownerName();
      const messages = (await get(who, `/api/conversations/${partner}/messages`)).json().items as Array<{ story: { id: string; thumbnail_url: string | null } | null }>;
      const quote = messages.find((message) => message.story?.id === item.id)?.story;
      if (!quote) return 'quote missing' as Outcome;
      return quote.thumbnail_url ? 'open' : 'absent';
    },
  },
  {
    name: 'media file',
    expect: open,
    probe: async (who, item) =>
      byStatus((await t.request({ method: 'GET', url: item.file, headers: who === 'guest' ? {} : { cookie: people[who].mediaCookie } })).statusCode),
  },
];

describe('the authorization matrix', () => {
  it('gives every viewer exactly what the rules allow, on every read path, for posts', async () => {
    const leaks: string[] = [];
    let checks = 0;
    for (const who of WHO) {
      for (const item of posts) {
        for (const pathway of POST_PATHS) {
          if (pathway.applies && !pathway.applies(item, who)) continue;
          const expected = pathway.expect(POSTS[who][item.audience], item, who);
          const actual = await pathway.probe(who, item);
          checks += 1;
          if (actual !== expected) leaks.push(`${who} · ${item.audience} ${item.kind} · ${pathway.name}: expected ${expected}, got ${actual}`);
        }
      }
    }
    console.info(`access matrix (posts): ${checks} checks, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(checks).toBeGreaterThan(350);
  });

  it('gives every viewer exactly what the rules allow, on every read path, for stories', async () => {
    const leaks: string[] = [];
    let checks = 0;
    for (const who of WHO) {
      for (const item of stories) {
        for (const pathway of STORY_PATHS) {
          if (pathway.applies && !pathway.applies(item, who)) continue;
          const expected = pathway.expect(STORIES[who][item.audience], item, who);
          const actual = await pathway.probe(who, item);
          checks += 1;
          if (actual !== expected) leaks.push(`${who} · ${item.audience} ${item.kept ? 'highlight' : 'story'} · ${pathway.name}: expected ${expected}, got ${actual}`);
        }
      }
    }
    console.info(`access matrix (stories): ${checks} checks, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(checks).toBeGreaterThan(150);
  });

  it('counts for each viewer exactly what they are shown: profile posts and highlight groups', async () => {
    for (const who of WHO) {
      const profile = await get(who, `/api/profile/${ownerName()}`);
      expect(profile.statusCode).toBe(200);
      const listed = posts.filter((item) => POSTS[who][item.audience] !== 'hidden').length;
      expect({ who, posts: profile.json().stats.posts }).toEqual({ who, posts: listed });
      const kept = stories.filter((item) => item.kept && STORIES[who][item.audience] !== 'hidden').length;
      const groups = (await get(who, `/api/story-groups/${ownerName()}`)).json();
      expect({ who, recents: groups.recents.count }).toEqual({ who, recents: kept });
    }
  });
});
