import {
  STORY_GROUP_NAME_MAX_LENGTH,
  STORY_LIFETIME_MS,
  STORY_REPLY_MAX_LENGTH,
  STORY_VIDEO_MAX_MS,
  STORY_VIEWERS_PAGE_SIZE,
  type HighlightStory,
  type Story,
  type StoryGroupsResponse,
  type StoryRowItem,
  type StoryRowResponse,
  type ViewersResponse,
} from '@wag/contract/stories';
import type { Clock } from '../lib/clock.js';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { detectMedia } from '../media/detect.js';
import { MAX_INPUT_PIXELS, VERTICAL_RENDITIONS, writeImageRenditions } from '../media/image-renditions.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, folderOfFileKey, isFileKey, MEDIA_FILES } from '../media/storage.js';
import { writeVideoRenditions } from '../media/video-renditions.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import type { Audience } from '../db/schema.js';
import type { StoriesRepository, StoryRow, StoryRowEntry } from '../repositories/stories.repository.js';
import { storyVisibility } from '../access/rules.js';
import { isUuid } from '../lib/uuid.js';
import type { Viewer } from './auth.service.js';
import type { MessagesService } from './messages.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { MediaHashesService } from './media-hashes.service.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import { subscribersConsent } from './upload.service.js';

export interface StoriesServiceDeps {
  stories: StoriesRepository;
  clock: Clock;
  /** Where media folders are kept (media/media-store.ts). */
  store: MediaStore;
  notify: Pick<NotificationsService, 'likeChanged' | 'storyReplied' | 'announce'>;
  messages: Pick<MessagesService, 'writeStoryReply' | 'deliver'>;
  /** A like or reply commits together with what it records for others. */
  uow: UnitOfWork;
  /** The block list of taken-down media, checked before anything is stored. */
  mediaHashes: Pick<MediaHashesService, 'checkUpload'>;
  /** Whether an account's identity was checked (subscribers-only stories need it). */
  identity: Pick<IdentityRepository, 'isVerified'>;
}

/**
 * A Quickyteca group's cover, drawn in a 64 px circle: the 360x640 tile that every story's folder
 * holds (an image's renditions and a video's poster renditions both make it), not the newest story's
 * display frame (1080 px wide; a video's poster).
 */
function groupCoverUrl(coverKey: string | null | undefined): string | null {
  return coverKey ? mediaUrl(folderOfFileKey(coverKey), MEDIA_FILES.thumb) : null;
}

export function createStoriesService({ stories, clock, store, notify, messages: directMessages, uow, mediaHashes, identity }: StoriesServiceDeps) {
  const activeSince = () => new Date(clock.now().getTime() - STORY_LIFETIME_MS);

  function isOwner(story: StoryRow, viewer: Viewer | null): boolean {
    return viewer?.userId === story.user_id;
  }

  /** Whether the viewer may watch this story now (the access rules: archive for its owner, live ones by audience). */
  function canWatch(story: StoryRow, viewer: Viewer | null): boolean {
    return storyVisibility(story, viewer?.userId ?? null, clock.now()) !== 'hidden';
  }

  async function watchable(storyId: string, viewer: Viewer | null): Promise<StoryRow> {
    const story = isUuid(storyId) ? await stories.findForViewer(storyId, viewer?.userId ?? null, clock.now()) : undefined;
    if (!story || !canWatch(story, viewer)) throw new NotFoundError(messages.storyNotFound);
    return story;
  }

  /** Owner-only actions: someone who may see the story is refused (403), anyone else finds nothing (404). */
  async function owned(storyId: string, viewer: Viewer): Promise<StoryRow> {
    const story = await watchable(storyId, viewer).catch(() => {
      throw new NotFoundError(messages.storyNotFound);
    });
    if (!isOwner(story, viewer)) throw new ForbiddenError(messages.storyOwnerOnly);
    return story;
  }

  function mediaOf(story: StoryRow) {
    const main = story.kind === 'video' ? story.video_key : story.image_key;
    return { url: mediaFileUrl(main) ?? '', poster: mediaFileUrl(story.poster_key) };
  }

  function toStory(story: StoryRow, viewer: Viewer | null): Story {
    const created = new Date(story.created_at).toISOString();
    const { url, poster } = mediaOf(story);
    return {
      id: story.id,
      user: {
        username: story.username,
        full_name: story.full_name,
        avatar: mediaUrl(story.avatar_key, MEDIA_FILES.avatarSmall),
        isVerified: story.is_verified,
      },
      created_at: created,
      createdAt: created,
      audience: story.audience,
      media: [{ url, type: story.kind, poster_url: poster, duration_ms: story.duration_ms }],
      seen: story.seen,
      isOwner: isOwner(story, viewer),
      ...ownerMark(story, viewer),
    };
  }

  /** Held or taken down: its owner (the only one who still sees it) is shown why. */
  function ownerMark(story: StoryRow, viewer: Viewer | null) {
    return isOwner(story, viewer) && story.moderation ? { moderation: { state: story.moderation, reason: story.moderation_reason ?? null } } : {};
  }

  function toHighlight(story: StoryRow, viewer: Viewer | null): HighlightStory {
    const { url, poster } = mediaOf(story);
    return {
      id: story.id,
      created_at: new Date(story.created_at).toISOString(),
      wholesale_at: new Date(story.highlighted_at ?? story.created_at).toISOString(),
      media_url: url,
      media_type: story.kind,
      poster_url: poster,
      duration_ms: story.duration_ms,
      title: null,
      group_id: story.group_id,
      ...ownerMark(story, viewer),
    };
  }

  async function ownerOf(username: string): Promise<string> {
    const id = await stories.ownerId(username);
    if (!id) throw new NotFoundError(messages.userNotFound);
    return id;
  }

  return {
    /** The story-avatar row of the home screen: yourself first (with the plus badge), then the rest. */
    async storyRow(viewer: Viewer | null): Promise<StoryRowResponse> {
      const since = activeSince();
      const [own, others] = await Promise.all([
        viewer ? stories.ownRowEntry(viewer.userId, since) : Promise.resolve(undefined),
        stories.storyRow(viewer?.userId ?? null, clock.now(), since, 100),
      ]);
      const toItem = (row: StoryRowEntry, isMe: boolean): StoryRowItem => ({
        username: row.username,
        full_name: row.full_name,
        avatar: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
        isVerified: row.is_verified,
        hasUnseen: !isMe && row.has_unseen,
        hasStories: row.has_stories,
        isMe,
        latest_at: row.latest_at ? new Date(row.latest_at).toISOString() : null,
      });
      return {
        items: [...(own ? [toItem(own, true)] : []), ...others.filter((row) => row.id !== viewer?.userId).map((row) => toItem(row, false))],
        nextCursor: null,
      };
    },

    /** Publishes a story from an uploaded file (already on disk): image or video up to 60 s. */
    async create(viewer: Viewer, file: string | null, rawAudience: string | undefined, confirmConsent?: string): Promise<{ id: string }> {
      if (!file) throw new ValidationError(messages.storyFileRequired);
      const audience: Audience = rawAudience === 'followers' || rawAudience === 'subscribers' ? rawAudience : 'public';
      const consentConfirmedAt = await subscribersConsent(audience, confirmConsent, viewer, identity, clock.now());
      const detected = await detectMedia(file);
      if (detected.kind === 'unknown') throw new ValidationError(messages.storyFileType);
      if (detected.kind === 'image' && detected.pixels > MAX_INPUT_PIXELS) throw new ValidationError(messages.uploadImageTooLarge);
      if (detected.kind === 'video' && (detected.durationMs ?? 0) > STORY_VIDEO_MAX_MS) throw new ValidationError(messages.storyVideoTooLong);
      const checked = detected.kind === 'video' ? { file, kind: 'video' as const, durationMs: detected.durationMs } : { file, kind: 'image' as const };
      if (await mediaHashes.checkUpload([checked], viewer.userId)) throw new ForbiddenError(messages.mediaTakenDown);
      // Renditions are made in a working folder and published whole; the row names the folder after that.
      const work = await store.workFolder();
      let rendered;
      let folderKey: string;
      try {
        rendered =
          detected.kind === 'image'
            ? { kind: 'image' as const, result: await writeImageRenditions(file, work.dir, VERTICAL_RENDITIONS) }
            : { kind: 'video' as const, result: await writeVideoRenditions(file, work.dir) };
        folderKey = await store.publish(work.dir, { restricted: audience !== 'public' });
      } catch (error) {
        if (error instanceof UnreadableMediaError) throw new ValidationError(messages.storyFileType);
        throw error;
      } finally {
        await work.discard();
      }
      try {
        if (rendered.kind === 'image') {
          return await stories.insert({
            userId: viewer.userId,
            audience,
            kind: 'image',
            width: rendered.result.width,
            height: rendered.result.height,
            durationMs: null,
            imageKey: fileKey(folderKey, MEDIA_FILES.full),
            videoKey: null,
            posterKey: fileKey(folderKey, MEDIA_FILES.thumb),
            at: clock.now(),
            consentConfirmedAt,
          });
        }
        return await stories.insert({
          userId: viewer.userId,
          audience,
          kind: 'video',
          width: rendered.result.width,
          height: rendered.result.height,
          durationMs: rendered.result.durationMs,
          imageKey: null,
          videoKey: fileKey(folderKey, MEDIA_FILES.video),
          posterKey: fileKey(folderKey, MEDIA_FILES.poster),
          at: clock.now(),
          consentConfirmedAt,
        });
      } catch (error) {
        await store.removeFolder(folderKey);
        throw error;
      }
    },

    async hasActive(username: string, viewer: Viewer | null): Promise<{ hasActive: boolean }> {
      return { hasActive: await stories.hasActive(await ownerOf(username), viewer?.userId ?? null, clock.now(), activeSince()) };
    },

    async active(username: string, viewer: Viewer | null): Promise<{ stories: Story[] }> {
      const rows = await stories.listActive(await ownerOf(username), viewer?.userId ?? null, clock.now(), activeSince());
      return { stories: rows.map((row) => toStory(row, viewer)) };
    },

    async highlights(username: string, viewer: Viewer | null): Promise<{ highlights: HighlightStory[] }> {
      const rows = await stories.listHighlights(await ownerOf(username), viewer?.userId ?? null, clock.now());
      return { highlights: rows.map((row) => toHighlight(row, viewer)) };
    },

    async groups(username: string, viewer: Viewer | null): Promise<StoryGroupsResponse> {
      const rows = await stories.groups(await ownerOf(username), viewer?.userId ?? null, clock.now());
      const recents = rows.find((row) => row.id === null);
      return {
        recents: { count: recents?.count ?? 0, cover_url: groupCoverUrl(recents?.cover_key) },
        groups: rows
          .filter((row): row is typeof row & { id: string; name: string } => row.id !== null && row.name !== null)
          .map((row) => ({ id: row.id, name: row.name, count: row.count, cover_url: groupCoverUrl(row.cover_key) })),
      };
    },

    async createGroup(viewer: Viewer, rawName: string | undefined): Promise<{ id: string; name: string }> {
      const name = (rawName ?? '').trim();
      if (!name) throw new ValidationError(messages.groupNameRequired);
      if (name.length > STORY_GROUP_NAME_MAX_LENGTH) throw new ValidationError(messages.groupNameTooLong);
      return stories.createGroup(viewer.userId, name, clock.now());
    },

    async meta(storyId: string, viewer: Viewer | null) {
      const story = await watchable(storyId, viewer);
      return { views: story.views_count, likes: story.likes_count, isLiked: story.is_liked };
    },

    /** A view counts once per viewer; the owner's own views do not count; guests cannot register one. */
    async view(storyId: string, viewer: Viewer | null) {
      if (!viewer) throw new UnauthorizedError(messages.unauthorized);
      const story = await watchable(storyId, viewer);
      if (isOwner(story, viewer)) return { success: true as const, views: story.views_count };
      return { success: true as const, views: await stories.addView(story.id, viewer.userId, clock.now()) };
    },

    async like(storyId: string, viewer: Viewer, liked: boolean) {
      const story = await watchable(storyId, viewer);
      const { change, tells } = await uow.run(async (r) => {
        const change = liked ? await r.stories.like(story.id, viewer.userId, clock.now()) : await r.stories.unlike(story.id, viewer.userId);
        return { change, tells: await notify.likeChanged(r.notifications, 'story', story.id, viewer.userId, liked, change) };
      });
      await notify.announce(tells);
      return { success: true as const, isLiked: liked, likes: change.likes };
    },

    async viewers(storyId: string, viewer: Viewer, page = 1, size = STORY_VIEWERS_PAGE_SIZE): Promise<ViewersResponse> {
      const story = await owned(storyId, viewer);
      const rows = await stories.viewers(story.id, viewer.userId, clock.now(), (page - 1) * size, size + 1);
      return {
        items: rows.slice(0, size).map((row) => ({
          id: row.id,
          username: row.username,
          full_name: row.full_name,
          avatar: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
          viewed_at: new Date(row.viewed_at).toISOString(),
        })),
        hasMore: rows.length > size,
      };
    },

    /** A reply reaches the owner's direct messages, quoting the story. */
    async reply(storyId: string, viewer: Viewer, rawText: string | undefined) {
      const story = await watchable(storyId, viewer);
      if (isOwner(story, viewer)) throw new ValidationError(messages.cannotReplyOwnStory);
      const text = (rawText ?? '').trim();
      if (!text) throw new ValidationError(messages.storyReplyEmpty);
      if (text.length > STORY_REPLY_MAX_LENGTH) throw new ValidationError(messages.storyReplyTooLong);
      // The message and the notification commit together; both are told live after.
      const { written, tells } = await uow.run(async (r) => ({
        written: await directMessages.writeStoryReply(r.conversations, { id: viewer.userId, username: viewer.username }, { id: story.user_id, username: story.username }, text, {
          // The story as the replier reads it: the owner, the other reader, always sees their own.
          ...story,
          thumb_key: story.poster_key ?? story.image_key,
        }),
        tells: await notify.storyReplied(r.notifications, story.id, story.user_id, viewer.userId, text),
      }));
      await directMessages.deliver(written);
      await notify.announce(tells);
      return { success: true as const, message: messages.storyReplySent };
    },

    async remove(storyId: string, viewer: Viewer) {
      const story = await owned(storyId, viewer);
      await stories.delete(story.id);
      const keys = [story.image_key, story.video_key, story.poster_key].filter((key): key is string => key !== null && isFileKey(key));
      for (const folder of new Set(keys.map(folderOfFileKey))) await store.removeFolder(folder);
      return { success: true as const, message: messages.storyDeleted };
    },

    async moveToHighlights(storyId: string, viewer: Viewer) {
      const story = await owned(storyId, viewer);
      await stories.keep(story.id, null, clock.now(), false);
      return { success: true as const, message: messages.storyMoved };
    },

    /** Keeps the story in a group of the owner's, or in Recientes when group_id is null. */
    async moveToGroup(storyId: string, viewer: Viewer, groupId: string | null | undefined) {
      const story = await owned(storyId, viewer);
      const target = groupId ?? null;
      if (target !== null && (!isUuid(target) || (await stories.groupOwner(target)) !== viewer.userId)) {
        throw new NotFoundError(messages.groupNotFound);
      }
      await stories.keep(story.id, target, clock.now(), true);
      return { success: true as const, message: messages.storyMoved };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
