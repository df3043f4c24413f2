import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_SIZE,
  QUICKYS_PAGE_SIZE,
  REPLIES_PER_COMMENT,
  type Comment,
  type CommentReply,
  type CommentsQuery,
  type CommentsResponse,
  type LikeResponse,
  type NewCommentBody,
  type PostDetail,
  type PostStats,
  type QuickysResponse,
} from '@wag/contract/posts';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { CommentRow, CommentsRepository } from '../repositories/comments.repository.js';
import type { PostAccessRow, PostDetailRow, PostsRepository } from '../repositories/posts.repository.js';
import { commentVisible, isOpen, postVisibility, type PostFacts, type Visibility } from '../access/rules.js';
import { isUuid } from '../lib/uuid.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import { toPostSummary } from './post-summary.js';
import { viewProgress } from './view-rule.js';

/** How a viewer stands to a post read with the access rules' facts. */
export function postAccess(post: PostFacts, viewer: Viewer | null): Visibility {
  return postVisibility(post, viewer?.userId ?? null);
}

function toReply(row: CommentRow): CommentReply {
  return {
    id: row.id,
    text: row.text,
    created_at: new Date(row.created_at).toISOString(),
    user: {
      username: row.username,
      full_name: row.full_name,
      picture: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
      isVerified: row.is_verified,
    },
    likes_count: row.likes_count,
    isLiked: row.is_liked,
    parent_id: row.parent_id,
    // Held or taken down, a comment reaches only its author (the access rules): they are shown why.
    ...(row.moderation ? { moderation: { state: row.moderation, reason: row.moderation_reason ?? null } } : {}),
  };
}

export interface SavedPostsStore {
  save(postId: string, userId: string, at: Date): Promise<void>;
  unsave(postId: string, userId: string): Promise<void>;
}

export function createPostsService({
  posts,
  comments,
  clock,
  saved,
  notify,
  uow,
}: {
  posts: PostsRepository;
  comments: CommentsRepository;
  clock: Clock;
  saved: SavedPostsStore;
  notify: Pick<NotificationsService, 'likeChanged' | 'commented' | 'announce'>;
  /** Writes a like or comment together with its notifications. */
  uow: UnitOfWork;
}) {
  /** The post if the viewer may know of it; a 404 otherwise (never revealing that it exists). */
  async function accessible(postId: string, viewer: Viewer | null): Promise<{ post: PostAccessRow; access: Visibility }> {
    const post = isUuid(postId) ? await posts.findAccess(postId, viewer?.userId ?? null, clock.now()) : undefined;
    const access = post ? postAccess(post, viewer) : 'hidden';
    if (!post || access === 'hidden') throw new NotFoundError(messages.postNotFound);
    return { post, access };
  }

  /** Like accessible, but the media itself must be open to the viewer (likes, comments, views). */
  async function interactive(postId: string, viewer: Viewer | null) {
    const found = await accessible(postId, viewer);
    if (!isOpen(found.access)) throw new ForbiddenError(messages.subscribersOnly);
    return found;
  }

  function detail(row: PostDetailRow, access: Visibility, viewer: Viewer | null): PostDetail {
    const media = row.media ?? [];
    const first = media[0];
    const isOwner = access === 'owner';
    const summary = toPostSummary(
      {
        ...row,
        cursor_at: '',
        width: first?.width ?? null,
        height: first?.height ?? null,
        duration_ms: first?.duration_ms ?? null,
        image_key: first?.image_key ?? null,
        thumb_key: first?.thumb_key ?? null,
        video_key: first?.video_key ?? null,
        poster_key: first?.poster_key ?? null,
        stream_key: first?.stream_key ?? null,
        media_count: media.length,
      },
      row,
      access,
    );
    const url = (key: string | null) => (summary.locked ? null : mediaFileUrl(key));
    return {
      ...summary,
      tags: row.tags,
      media: media.map((item) => {
        const streamUrl = url(item.stream_key);
        return {
          type: item.kind,
          url: url(item.kind === 'video' ? item.video_key : item.image_key),
          thumbnail_url: url(item.thumb_key),
          poster_url: url(item.poster_key),
          ...(streamUrl ? { stream_url: streamUrl } : {}),
          width: item.width,
          height: item.height,
          duration_ms: item.duration_ms,
        };
      }),
      isLiked: row.is_liked,
      isSaved: row.is_saved,
      isOwner,
      isFollowingAuthor: !isOwner && viewer !== null && row.viewer_follows,
      user: { ...summary.user, isVerified: row.is_verified },
    };
  }

  return {
    /** Whether a post with this id exists at all (for telling 403 from 404 on owner-only actions). */
    async exists(postId: string): Promise<boolean> {
      return isUuid(postId) && (await posts.findAccess(postId, null, clock.now())) !== undefined;
    },

    async getBySlug(slug: string, viewer: Viewer | null): Promise<PostDetail> {
      const row = await posts.findBySlug(slug, viewer?.userId ?? null, clock.now());
      const access = row ? postAccess(row, viewer) : 'hidden';
      if (!row || access === 'hidden') throw new NotFoundError(messages.postNotFound);
      return detail(row, access, viewer);
    },

    async stats(postId: string, viewer: Viewer | null): Promise<PostStats> {
      const { post } = await accessible(postId, viewer);
      return { likes: post.likes_count, views: post.views_count, isLiked: post.is_liked };
    },

    /**
     * Records that a logged-in viewer had the post on screen ('Para ti' leaves it out for a day) and
     * counts their view once, when viewProgress says it is worth one; guests and the owner do not
     * count (docs/product.md §6, docs/decisions/0023-for-you.md).
     */
    async view(postId: string, viewer: Viewer | null, watchedMs?: number): Promise<{ success: true; views: number }> {
      const { post, access } = await accessible(postId, viewer);
      if (!viewer || access !== 'visible') return { success: true, views: post.views_count };
      const facts = await posts.viewFacts(post.id);
      const progress = facts ? viewProgress(facts.content_type, facts.duration_ms, watchedMs) : { counts: false, completes: false };
      const views = await uow.run((r) => r.posts.recordView(post.id, viewer.userId, clock.now(), progress));
      return { success: true, views };
    },

    async like(postId: string, viewer: Viewer): Promise<LikeResponse> {
      const { post } = await interactive(postId, viewer);
      const { change, tells } = await uow.run(async (r) => {
        const change = await r.posts.like(post.id, viewer.userId, clock.now());
        return { change, tells: await notify.likeChanged(r.notifications, 'post', post.id, viewer.userId, true, change) };
      });
      await notify.announce(tells);
      return { success: true, isLiked: true, likes: change.likes };
    },

    /** Saves a post the viewer may see to their saved list (or takes it out); idempotent. */
    async save(postId: string, viewer: Viewer, save: boolean): Promise<{ success: true; isSaved: boolean }> {
      const { post } = await accessible(postId, viewer);
      if (save) await saved.save(post.id, viewer.userId, clock.now());
      else await saved.unsave(post.id, viewer.userId);
      return { success: true, isSaved: save };
    },

    async unlike(postId: string, viewer: Viewer): Promise<LikeResponse> {
      const { post } = await interactive(postId, viewer);
      const { change, tells } = await uow.run(async (r) => {
        const change = await r.posts.unlike(post.id, viewer.userId);
        return { change, tells: await notify.likeChanged(r.notifications, 'post', post.id, viewer.userId, false, change) };
      });
      await notify.announce(tells);
      return { success: true, isLiked: false, likes: change.likes };
    },

    /**
     * A page of comments: sort 'all' (default) oldest first, 'recent' newest first. Threaded (default)
     * pages top-level comments with up to REPLIES_PER_COMMENT replies each; unthreaded pages every
     * comment flat. Two queries whatever the page size, a third when a comment's replies fill its share.
     */
    async listComments(postId: string, viewer: Viewer | null, query: CommentsQuery): Promise<CommentsResponse> {
      const { post } = await interactive(postId, viewer);
      const threaded = query.threaded !== '0';
      const now = clock.now();
      const rows = await comments.listPage({
        postId: post.id,
        viewerId: viewer?.userId ?? null,
        now,
        order: query.sort === 'recent' ? 'desc' : 'asc',
        topLevelOnly: threaded,
        limit: COMMENTS_PAGE_SIZE + 1,
        after: query.cursor ? decodeTimeCursor(query.cursor) : undefined,
      });
      const page = rows.slice(0, COMMENTS_PAGE_SIZE);
      const replies = threaded ? await comments.listReplies(page.map((row) => row.id), viewer?.userId ?? null, now, REPLIES_PER_COMMENT) : [];
      const byParent = new Map<string, CommentRow[]>();
      for (const reply of replies) {
        const list = byParent.get(reply.parent_id as string) ?? [];
        list.push(reply);
        byParent.set(reply.parent_id as string, list);
      }
      // How many replies a comment has, as the viewer may see them (docs/product.md §6: nothing hidden is
      // counted), is read only for the comments whose walk stopped at the page's share.
      const full = [...byParent].filter(([, own]) => own.length >= REPLIES_PER_COMMENT).map(([id]) => id);
      const counted = await comments.countReplies(full, viewer?.userId ?? null, now);
      const last = page.at(-1);
      return {
        comments: page.map((row): Comment => {
          const own = byParent.get(row.id) ?? [];
          // Fewer replies than a page's share are all the viewer may see; a full share is counted (never
          // fewer than shown: the count is its own statement, and replies may go between the two).
          const count = own.length < REPLIES_PER_COMMENT ? own.length : Math.max(own.length, counted.get(row.id) ?? 0);
          return { ...toReply(row), replies: own.map(toReply), replies_count: count };
        }),
        nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },

    /** A trimmed, non-empty comment; a reply to a reply joins its top-level comment (one level). */
    async addComment(postId: string, viewer: Viewer, body: NewCommentBody): Promise<Comment> {
      const { post } = await interactive(postId, viewer);
      const text = (body.text ?? '').trim();
      if (!text) throw new ValidationError(messages.commentEmpty);
      if (text.length > COMMENT_MAX_LENGTH) throw new ValidationError(messages.commentTooLong);
      let parentId: string | null = null;
      let repliedToId: string | null = null;
      if (body.parent_id) {
        const parent = isUuid(body.parent_id) ? await comments.findForViewer(body.parent_id, viewer.userId, clock.now()) : undefined;
        if (!parent || parent.post_id !== post.id || !commentVisible(parent, viewer.userId)) throw new ValidationError(messages.commentParentInvalid);
        parentId = parent.parent_id ?? parent.id;
        repliedToId = parent.id;
      }
      const { row, tells } = await uow.run(async (r) => {
        const row = await r.comments.insert({ postId: post.id, userId: viewer.userId, parentId, text, at: clock.now() });
        return { row, tells: await notify.commented(r.notifications, { postId: post.id, commentId: row.id, repliedToId, actorId: viewer.userId, text }) };
      });
      await notify.announce(tells);
      return { ...toReply(row), replies: [], replies_count: 0 };
    },

    async likeComment(commentId: string, viewer: Viewer, liked: boolean): Promise<LikeResponse> {
      const target = isUuid(commentId) ? await comments.findForViewer(commentId, viewer.userId, clock.now()) : undefined;
      if (!target || !commentVisible(target, viewer.userId)) throw new NotFoundError(messages.commentNotFound);
      await interactive(target.post_id, viewer);
      const { change, tells } = await uow.run(async (r) => {
        const change = liked ? await r.comments.like(target.id, viewer.userId, clock.now()) : await r.comments.unlike(target.id, viewer.userId);
        return { change, tells: await notify.likeChanged(r.notifications, 'comment', target.id, viewer.userId, liked, change) };
      });
      await notify.announce(tells);
      return { success: true, isLiked: liked, likes: change.likes };
    },

    /** The explore grid: public quickys of everyone, newest first. */
    async exploreQuickys(query: { cursor?: string; limit?: number }): Promise<QuickysResponse> {
      const limit = query.limit ?? QUICKYS_PAGE_SIZE;
      const rows = await posts.listPublicQuickys(clock.now(), limit + 1, query.cursor ? decodeTimeCursor(query.cursor) : undefined);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        quickys: page.map((row) => toPostSummary(row, row, postAccess(row, null))),
        nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
