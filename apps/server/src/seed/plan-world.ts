import { randomUUID } from 'node:crypto';
import { hashtagsIn } from '@wag/contract/tags-rules';
import type { Insertable } from 'kysely';
import type { Audience, DB } from '../db/schema.js';
import { POST_IMAGE_RENDITIONS, VERTICAL_RENDITIONS, type RenditionSpec } from '../media/image-renditions.js';
import type { Random } from './random.js';
import type { SceneTheme } from './scenes.js';
import {
  AUTHOR_REPLIES,
  COMMENT_TEXTS,
  CREATORS,
  DEMO_EMAIL_DOMAIN,
  FRIEND_REPLIES,
  MODERATOR_ACCOUNT,
  SPAM_ACCOUNT,
  TRY_ACCOUNT,
  type ClipId,
  type CreatorSpec,
} from './world-data.js';

/**
 * The demo world as rows, before any media exists. Media is described by slots; the generator fills
 * each slot's `out` with its folder key, and the rows get their keys from there.
 */
export interface AvatarSlot {
  type: 'avatar';
  seed: number;
  initials: string;
  hue: number;
  out?: { key: string };
}

export interface ImageSlot {
  type: 'image';
  seed: number;
  theme: SceneTheme;
  width: number;
  height: number;
  renditions: readonly RenditionSpec[];
  caption?: string;
  /** Media of a followers-only or VIP item: stored with the restricted ones (`r/…`). */
  restricted?: boolean;
  out?: { key: string; width: number; height: number };
}

export interface VideoSlot {
  type: 'video';
  clip: ClipId;
  restricted?: boolean;
  out?: { key: string; width: number; height: number; durationMs: number };
}

export type MediaSlot = AvatarSlot | ImageSlot | VideoSlot;

type Row<T extends keyof DB> = Insertable<DB[T]>;
type MediaKeys = 'image_key' | 'thumb_key' | 'video_key' | 'poster_key' | 'width' | 'height' | 'duration_ms';

export interface PlannedUser {
  row: Omit<Row<'users'>, 'password_hash' | 'avatar_key'>;
  avatar: AvatarSlot;
}

export interface World {
  users: PlannedUser[];
  follows: Row<'follows'>[];
  posts: Row<'posts'>[];
  postMedia: Array<{ row: Omit<Row<'post_media'>, MediaKeys>; slot: ImageSlot | VideoSlot }>;
  postLikes: Row<'post_likes'>[];
  comments: Row<'comments'>[];
  commentLikes: Row<'comment_likes'>[];
  storyGroups: Row<'story_groups'>[];
  stories: Array<{ row: Omit<Row<'stories'>, MediaKeys | 'image_key'>; slot: ImageSlot | VideoSlot }>;
  storyViews: Row<'story_views'>[];
  storyLikes: Row<'story_likes'>[];
  slots: MediaSlot[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Person {
  id: string;
  username: string;
  createdAt: Date;
  spec?: CreatorSpec;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** A caption's tags, by the rule uploads follow (packages/contract/src/tags-rules.ts). */
export function tagsOf(text: string): string[] {
  return hashtagsIn(text);
}

export function mentionsOf(text: string): string[] {
  return [...text.matchAll(/@([A-Za-z0-9_]{3,20})/g)].map((m) => m[1] ?? '');
}

function initialsOf(fullName: string): string {
  return fullName
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Plans every row of the demo world. Deterministic for a given random source, apart from ids. */
export function planWorld(r: Random, now: Date): World {
  const at = (ms: number) => new Date(ms);
  const between = (from: Date, to: Date) => at(from.getTime() + r.next() * Math.max(0, to.getTime() - from.getTime()));
  let nextSeed = 1;
  const slots: MediaSlot[] = [];
  const addSlot = <S extends MediaSlot>(slot: S): S => {
    slots.push(slot);
    return slot;
  };
  const imageSlot = (theme: SceneTheme, width: number, height: number, renditions: readonly RenditionSpec[], caption?: string) =>
    addSlot<ImageSlot>({ type: 'image', seed: nextSeed++, theme, width, height, renditions, caption });
  const videoSlot = (clip: ClipId) => addSlot<VideoSlot>({ type: 'video', clip });

  // People -------------------------------------------------------------------------------------
  const users: PlannedUser[] = [];
  const creators: Person[] = [];
  const birthDate = (age: number) => {
    const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
    return isoDate(at(anniversary - r.int(1, 360) * DAY));
  };
  for (const spec of CREATORS) {
    const person: Person = { id: randomUUID(), username: spec.username, createdAt: at(now.getTime() - r.int(90, 420) * DAY), spec };
    creators.push(person);
    users.push({
      row: {
        id: person.id,
        username: spec.username,
        email: `${spec.username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
        full_name: spec.fullName,
        bio: spec.bio,
        birth_date: birthDate(spec.age),
        is_verified: spec.verified ?? false,
        featured_rank: spec.featuredRank ?? null,
        created_at: person.createdAt,
        email_confirmed_at: person.createdAt,
        updated_at: person.createdAt,
      },
      avatar: addSlot<AvatarSlot>({ type: 'avatar', seed: nextSeed++, initials: initialsOf(spec.fullName), hue: spec.hue }),
    });
  }
  const tryer: Person = { id: randomUUID(), username: TRY_ACCOUNT.username, createdAt: at(now.getTime() - 21 * DAY) };
  users.push({
    row: {
      id: tryer.id,
      username: TRY_ACCOUNT.username,
      email: TRY_ACCOUNT.email,
      full_name: TRY_ACCOUNT.fullName,
      bio: TRY_ACCOUNT.bio,
      birth_date: birthDate(TRY_ACCOUNT.age),
      is_verified: false,
      featured_rank: null,
      created_at: tryer.createdAt,
      email_confirmed_at: tryer.createdAt,
      updated_at: tryer.createdAt,
    },
    avatar: addSlot<AvatarSlot>({ type: 'avatar', seed: nextSeed++, initials: 'D', hue: 220 }),
  });
  const byUsername = new Map(creators.map((p) => [p.username, p]));

  // Follows ------------------------------------------------------------------------------------
  const follows: World['follows'] = [];
  const followersOf = new Map<string, Set<string>>(creators.map((p) => [p.id, new Set<string>()]));
  followersOf.set(tryer.id, new Set());
  const follow = (a: Person, b: Person) => {
    const set = followersOf.get(b.id);
    if (!set || set.has(a.id) || a.id === b.id) return;
    set.add(a.id);
    const since = a.createdAt > b.createdAt ? a.createdAt : b.createdAt;
    follows.push({ follower_id: a.id, followee_id: b.id, created_at: between(since, at(now.getTime() - 2 * HOUR)) });
  };
  for (const a of creators) {
    const spec = a.spec as CreatorSpec;
    const texts = [...spec.photos, ...spec.quickys, ...spec.vip].map((p) => p.text).join(' ');
    const mentioned = new Set(mentionsOf(texts));
    const others = creators.filter((b) => b !== a);
    const chosen = others.filter((b) => mentioned.has(b.username) || r.chance(b.spec?.featuredRank ? 0.62 : 0.28));
    // Everyone follows a few people, nobody follows everybody.
    while (chosen.length < 3) {
      const extra = r.pick(others.filter((b) => !chosen.includes(b)));
      chosen.push(extra);
    }
    if (chosen.length === others.length) chosen.splice(chosen.findIndex((b) => !mentioned.has(b.username)), 1);
    for (const b of chosen) follow(a, b);
  }
  for (const username of ['valeria_rios', 'camila_ortega', 'lucia_moda', 'mateo_fit', 'isa_yoga', 'andres_surf']) {
    const b = byUsername.get(username);
    if (b) follow(tryer, b);
  }
  const follows_ = (viewer: string, author: string) => followersOf.get(author)?.has(viewer) ?? false;

  // Posts, likes, comments ---------------------------------------------------------------------
  const posts: World['posts'] = [];
  const postMedia: World['postMedia'] = [];
  const postLikes: World['postLikes'] = [];
  const comments: World['comments'] = [];
  const commentLikes: World['commentLikes'] = [];
  const slugs = new Set<string>();
  const uniqueSlug = (title: string) => {
    for (;;) {
      const slug = `${slugify(title) || 'post'}-${r.token(4)}`;
      if (!slugs.has(slug)) {
        slugs.add(slug);
        return slug;
      }
    }
  };

  for (const author of creators) {
    const spec = author.spec as CreatorSpec;
    type Draft = { title: string; text: string; postType: 'grid' | 'quicky' | 'vip'; audience: Audience; media: Array<ImageSlot | VideoSlot> };
    const drafts: Draft[] = [];
    for (const photo of spec.photos) {
      const count = photo.images ?? 1;
      const square = r.chance(0.3);
      const media = Array.from({ length: count }, () =>
        imageSlot(photo.theme, 1080, square ? 1080 : 1350, POST_IMAGE_RENDITIONS),
      );
      drafts.push({ title: photo.title, text: photo.text, postType: 'grid', audience: photo.audience ?? 'public', media });
    }
    for (const quicky of spec.quickys) {
      drafts.push({ title: quicky.title, text: quicky.text, postType: 'quicky', audience: quicky.audience ?? 'public', media: [videoSlot(quicky.clip)] });
    }
    for (const vip of spec.vip) {
      const media = 'clip' in vip.media ? videoSlot(vip.media.clip) : imageSlot(vip.media.theme, 1080, 1350, POST_IMAGE_RENDITIONS);
      drafts.push({ title: vip.title, text: vip.text, postType: 'vip', audience: 'subscribers', media: [media] });
    }

    for (const draft of drafts) {
      const postId = randomUUID();
      const createdAt = between(at(now.getTime() - 35 * DAY), at(now.getTime() - 3 * HOUR));
      const isVideo = draft.media[0]?.type === 'video';

      // Who could see it decides who likes and comments: followers-only posts only get followers.
      const audience =
        draft.audience === 'public'
          ? [...creators, tryer].filter((p) => p !== author && p !== tryer)
          : draft.audience === 'followers'
            ? creators.filter((p) => p !== author && follows_(p.id, author.id))
            : [];
      const likers = audience.filter((p) => r.chance(follows_(p.id, author.id) ? 0.68 : 0.22));
      for (const liker of likers) {
        postLikes.push({ post_id: postId, user_id: liker.id, created_at: between(createdAt, now) });
      }

      const commenters = r.sample(likers.length > 0 ? likers : audience, r.int(0, Math.min(4, audience.length)));
      const texts = r.sample(COMMENT_TEXTS, commenters.length);
      commenters.forEach((commenter, i) => {
        const commentId = randomUUID();
        const commentAt = between(createdAt, now);
        comments.push({ id: commentId, post_id: postId, user_id: commenter.id, parent_id: null, text: texts[i] ?? '🔥', created_at: commentAt });
        const likeComment = (user: Person, after: Date) =>
          commentLikes.push({ comment_id: commentId, user_id: user.id, created_at: between(after, now) });
        if (r.chance(0.6)) likeComment(author, commentAt);
        for (const fan of r.sample(audience.filter((p) => p !== commenter), r.int(0, 2))) likeComment(fan, commentAt);

        if (r.chance(0.45)) {
          const replyId = randomUUID();
          const replyAt = between(commentAt, now);
          const text = r.pick(AUTHOR_REPLIES).replace('{user}', commenter.username).replace('{city}', spec.city);
          comments.push({ id: replyId, post_id: postId, user_id: author.id, parent_id: commentId, text, created_at: replyAt });
          if (r.chance(0.7)) commentLikes.push({ comment_id: replyId, user_id: commenter.id, created_at: between(replyAt, now) });
        }
        const friend = r.chance(0.2) ? r.pick(audience.filter((p) => p !== commenter).concat(commenter)) : null;
        if (friend && friend !== commenter) {
          const text = r.pick(FRIEND_REPLIES).replace('{user}', commenter.username);
          comments.push({ id: randomUUID(), post_id: postId, user_id: friend.id, parent_id: commentId, text, created_at: between(commentAt, now) });
        }
      });

      const reach = draft.audience === 'public' ? r.int(6, 14) : r.int(2, 5);
      const views = draft.audience === 'subscribers' ? 0 : likers.length * reach + r.int(10, isVideo ? 420 : 180);
      posts.push({
        id: postId,
        slug: uniqueSlug(draft.title),
        user_id: author.id,
        post_type: draft.postType,
        content_type: isVideo ? 'video' : 'image',
        visibility: draft.audience,
        title: draft.title,
        description: draft.text,
        tags: tagsOf(draft.text),
        status: 'ready',
        views_count: views,
        // Some of a video's viewers watch it to the end: 20-40 % of them, derived rather than drawn,
        // so the rest of the world keeps its random sequence ('Para ti' counts completions).
        completed_views_count: isVideo ? Math.floor((views * (20 + (likers.length % 5) * 5)) / 100) : 0,
        created_at: createdAt,
        // The creator confirmed, publishing it, that everyone shown is an adult who agreed to it.
        consent_confirmed_at: draft.audience === 'subscribers' ? createdAt : null,
      });
      draft.media.forEach((slot, position) => {
        slot.restricted = draft.audience !== 'public';
        postMedia.push({ row: { id: randomUUID(), post_id: postId, position, kind: slot.type }, slot });
      });
    }
  }

  // Stories --------------------------------------------------------------------------------------
  const storyGroups: World['storyGroups'] = [];
  const stories: World['stories'] = [];
  const storyViews: World['storyViews'] = [];
  const storyLikes: World['storyLikes'] = [];

  const addStory = (
    owner: Person,
    createdAt: Date,
    slot: ImageSlot | VideoSlot,
    extra: { audience?: Audience; highlightedAt?: Date | null; groupId?: string | null },
  ) => {
    const storyId = randomUUID();
    const audience = extra.audience ?? 'public';
    slot.restricted = audience !== 'public';
    stories.push({
      row: {
        id: storyId,
        user_id: owner.id,
        audience,
        kind: slot.type,
        status: 'ready',
        highlighted_at: extra.highlightedAt ?? null,
        group_id: extra.groupId ?? null,
        created_at: createdAt,
        consent_confirmed_at: audience === 'subscribers' ? createdAt : null,
      },
      slot,
    });
    // Views happen while the story is live (its first 24 hours), by people allowed to see it.
    const liveUntil = at(Math.min(now.getTime(), createdAt.getTime() + DAY));
    // Subscribers-only stories are viewed by no one yet: the subscriptions are seeded later (seed/payments.ts).
    const candidates = audience === 'subscribers' ? [] : creators.filter((p) => p !== owner && (audience === 'public' || follows_(p.id, owner.id)));
    for (const viewer of candidates) {
      const isFollower = follows_(viewer.id, owner.id);
      const recent = now.getTime() - createdAt.getTime() < DAY;
      if (!r.chance(isFollower ? (recent ? 0.6 : 0.8) : 0.12)) continue;
      const viewedAt = between(createdAt, liveUntil);
      storyViews.push({ story_id: storyId, viewer_id: viewer.id, viewed_at: viewedAt });
      if (r.chance(0.35)) storyLikes.push({ story_id: storyId, user_id: viewer.id, created_at: between(viewedAt, liveUntil) });
    }
  };
  const storySlot = (spec: CreatorSpec, index: number, withCaption: boolean): ImageSlot | VideoSlot => {
    const useVideo = index % 2 === 1 && spec.storyClips.length > 0;
    if (useVideo) return videoSlot(spec.storyClips[Math.floor(index / 2) % spec.storyClips.length] as ClipId);
    const caption = withCaption ? spec.stories[Math.floor(index / 2) % spec.stories.length] : undefined;
    return imageSlot(spec.storyThemes[index % spec.storyThemes.length] as SceneTheme, 720, 1280, VERTICAL_RENDITIONS, caption);
  };

  for (const owner of creators) {
    const spec = owner.spec as CreatorSpec;

    if (spec.liveNow) {
      const count = r.int(2, 3);
      const times = Array.from({ length: count }, () => at(now.getTime() - r.float(0.4, 10) * HOUR)).sort((a, b) => a.getTime() - b.getTime());
      times.forEach((createdAt, i) => {
        const audience: Audience = i === count - 1 && r.chance(0.25) ? 'followers' : 'public';
        addStory(owner, createdAt, storySlot(spec, i, true), { audience });
      });
    }

    // Older stories: most are kept as highlights (some in named groups), a few only in the archive.
    const groups = (spec.groups ?? []).map((name) => ({
      id: randomUUID(),
      user_id: owner.id,
      name,
      created_at: at(now.getTime() - r.int(30, 60) * DAY),
    }));
    storyGroups.push(...groups);
    const highlights = groups.length > 0 ? r.int(3, 5) : r.chance(0.7) ? r.int(1, 3) : 0;
    for (let i = 0; i < highlights; i += 1) {
      const createdAt = at(now.getTime() - r.float(2, 28) * DAY);
      const group = groups.length > 0 && r.chance(0.7) ? r.pick(groups) : null;
      addStory(owner, createdAt, storySlot(spec, i + 1, r.chance(0.5)), {
        highlightedAt: at(createdAt.getTime() + r.float(1, 20) * HOUR),
        groupId: group?.id ?? null,
      });
    }
    if (r.chance(0.35)) addStory(owner, at(now.getTime() - r.float(1.5, 12) * DAY), storySlot(spec, 0, true), {});
  }

  // The moderation desk's demo accounts, last, so the rest of the world draws the same numbers as before.
  for (const account of [MODERATOR_ACCOUNT, SPAM_ACCOUNT]) {
    const createdAt = at(now.getTime() - account.daysAgo * DAY);
    users.push({
      row: {
        id: randomUUID(),
        username: account.username,
        email: account.email,
        full_name: account.fullName,
        bio: account.bio,
        birth_date: birthDate(account.age),
        is_verified: false,
        featured_rank: null,
        role: account.role,
        created_at: createdAt,
        email_confirmed_at: createdAt,
        updated_at: createdAt,
      },
      avatar: addSlot<AvatarSlot>({ type: 'avatar', seed: nextSeed++, initials: initialsOf(account.fullName), hue: account.hue }),
    });
  }

  // Each WAG Star has a VIP story live now ('Comprar Story'); drawn last, so the rest of the world
  // draws the same numbers as before.
  for (const owner of creators) {
    const spec = owner.spec as CreatorSpec;
    if (!spec.featuredRank) continue;
    addStory(owner, at(now.getTime() - r.float(0.5, 8) * HOUR), storySlot(spec, 0, true), { audience: 'subscribers' });
  }

  return { users, follows, posts, postMedia, postLikes, comments, commentLikes, storyGroups, stories, storyViews, storyLikes, slots };
}
