import { isValidCoverAt } from '@wag/contract/posts-rules';
import { randomBytes } from 'node:crypto';
import { hashtagsIn, MAX_TAGS_PER_POST, normalizeTag } from '@wag/contract/tags-rules';
import type { Clock } from '../lib/clock.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { holdsUnstorableText } from '../lib/storable-text.js';
import { pauseForTest } from '../lib/test-pause.js';
import { detectMedia, type DetectedMedia } from '../media/detect.js';
import { MAX_INPUT_PIXELS, POST_IMAGE_RENDITIONS, writeImageRenditions } from '../media/image-renditions.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, folderOfFileKey, isFileKey, MEDIA_FILES } from '../media/storage.js';
import type { Audience, PostType } from '../db/schema.js';
import type { NewPostMedia, PostWritesRepository } from '../repositories/post-writes.repository.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { MediaHashesService } from './media-hashes.service.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import { isUniqueViolation } from '../repositories/users.repository.js';
import { z } from 'zod';

export const MAX_IMAGES_PER_POST = 10;
export const DESCRIPTION_MAX_LENGTH = 2200;
/** Video length caps of docs/product-decisions.md §6: quickys 3 minutes, other posts 10 minutes. */
const VIDEO_CAP_MS: Record<PostType, number> = { quicky: 3 * 60_000, vip: 10 * 60_000, grid: 10 * 60_000 };

export interface UploadFields {
  description?: string;
  visibility?: string;
  tags?: string;
  /** 'true': the creator confirms everyone shown is an adult who agreed to appear and to its publication. */
  confirmConsent?: string;
  /** With a video: the moment (ms) whose frame becomes the poster (contract posts-rules COVER_AT_FIELD). */
  coverAtMs?: string;
}

/** The cover moment asked for, checked against the video (refused with images or outside the video). */
export function parseCoverAt(raw: string | undefined, video: { durationMs: number | null } | null): number | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  if (!video || !/^\d{1,10}$/.test(text)) throw new ValidationError(messages.coverAtInvalid);
  const ms = Number(text);
  if (!isValidCoverAt(ms, video.durationMs)) throw new ValidationError(messages.coverAtInvalid);
  return ms;
}

/**
 * Subscribers-only content (docs/product-decisions.md §10): only from an identity-verified account
 * (403), and only with the creator's confirmation that everyone shown is an adult who agreed to
 * appear and to its publication (400). Answers when the confirmation was given, recorded with it.
 */
export async function subscribersConsent(
  audience: Audience,
  confirmConsent: string | undefined,
  viewer: Viewer,
  identity: { isVerified(userId: string): Promise<boolean> },
  now: Date,
): Promise<Date | null> {
  if (audience !== 'subscribers') return null;
  if (!(await identity.isVerified(viewer.userId))) throw new ForbiddenError(messages.vipIdentityRequired);
  if ((confirmConsent ?? '').trim() !== 'true') throw new ValidationError(messages.consentRequired);
  return now;
}

/**
 * A post's tags: those of the form (a JSON list, or text split on commas or whitespace, '#' dropped)
 * and the hashtags of its caption, each by the hashtag rule (packages/contract/src/tags-rules.ts:
 * NFC, lower-cased, letters, digits and _ with a letter, at most 50), repeats dropped, at most 30. A
 * form tag the rule refuses ("sun-set", "2026") is left out: it could never be linked or opened.
 */
export function parseTags(raw: string | undefined, caption = ''): string[] {
  let words: string[] = [];
  if (raw) {
    let items: unknown;
    try {
      items = JSON.parse(raw);
    } catch {
      items = null;
    }
    words = (Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : [raw]).flatMap((item) => item.split(/[,\s]+/));
  }
  // A tag the rule drops must not hide text the database could not store: refused like any other field.
  if (holdsUnstorableText(words)) throw new ValidationError(messages.forbiddenCharacters);
  const tags = new Set<string>();
  for (const word of words) {
    const tag = normalizeTag(word.replace(/^#+/, '').trim());
    if (tag) tags.add(tag);
  }
  for (const tag of hashtagsIn(caption)) tags.add(tag);
  return [...tags].slice(0, MAX_TAGS_PER_POST);
}

function parseVisibility(raw: string | undefined): Audience {
  const value = (raw ?? 'public').trim() || 'public';
  if (value === 'public' || value === 'followers' || value === 'subscribers') return value;
  throw new ValidationError(messages.badJson);
}

/** docs/product.md §4: subscribers visibility gives vip; otherwise video gives quicky and image grid. */
export function derivePostType(visibility: Audience, kind: 'image' | 'video'): PostType {
  if (visibility === 'subscribers') return 'vip';
  return kind === 'video' ? 'quicky' : 'grid';
}

function newSlug(): string {
  return randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').toLowerCase();
}

export interface UploadServiceDeps {
  postWrites: PostWritesRepository;
  clock: Clock;
  /** Where media folders and queued videos are kept (media/media-store.ts). */
  store: MediaStore;
  /** Wakes the video worker when a job is queued. */
  onVideoQueued?: () => void;
  /** Tells the people a description mentions. */
  notify: Pick<NotificationsService, 'mentionedInPost' | 'announce'>;
  /** The post and the notifications of its mentions commit together. */
  uow: UnitOfWork;
  /** The block list of taken-down media, checked before anything is stored. */
  mediaHashes: Pick<MediaHashesService, 'checkUpload'>;
  /** Whether an account's identity was checked (subscribers-only content needs it). */
  identity: Pick<IdentityRepository, 'isVerified'>;
  /** Clients' Idempotency-Keys: a retried upload finds the post it already made. */
  idempotency: Pick<IdempotencyRepository, 'find'>;
}

const postAnswer = z.object({ postType: z.enum(['grid', 'quicky', 'vip']), slug: z.string() });

export function createUploadService({ postWrites, clock, store, onVideoQueued, notify, uow, mediaHashes, identity, idempotency }: UploadServiceDeps) {
  /** The post an earlier attempt under this key made, if any; a key used for something else is refused. */
  async function postedBefore(userId: string, key: string | undefined): Promise<{ postType: PostType; slug: string } | undefined> {
    const record = key === undefined ? undefined : await idempotency.find(userId, key);
    if (!record) return undefined;
    const answer = record.scope === 'post' ? postAnswer.safeParse(record.response) : undefined;
    if (!answer?.success) throw new ValidationError(messages.messageMediaKeyInvalid);
    return answer.data;
  }

  return {
    /**
     * Publishes uploaded files (already streamed to disk) as one post. Each file is judged by its
     * bytes; images are re-encoded at once, a video is queued for the background worker. Whatever
     * fails, no post row and no media file is left behind.
     */
    async createPost(viewer: Viewer, files: string[], fields: UploadFields, idempotencyKey?: string): Promise<{ postType: PostType; slug: string }> {
      // A retry of an upload whose answer was lost answers the post the first attempt made.
      const earlier = await postedBefore(viewer.userId, idempotencyKey);
      if (earlier) return earlier;
      if (files.length === 0) throw new ValidationError(messages.uploadMissing);
      await pauseForTest('upload.received');
      const visibility = parseVisibility(fields.visibility);
      const consentConfirmedAt = await subscribersConsent(visibility, fields.confirmConsent, viewer, identity, clock.now());
      const description = (fields.description ?? '').trim();
      if (description.length > DESCRIPTION_MAX_LENGTH) throw new ValidationError(messages.uploadDescriptionTooLong);
      const tags = parseTags(fields.tags, description);
      if (holdsUnstorableText([description, tags])) throw new ValidationError(messages.forbiddenCharacters);

      const detected: DetectedMedia[] = [];
      for (const file of files) detected.push(await detectMedia(file));
      if (detected.some((item) => item.kind === 'unknown')) throw new ValidationError(messages.uploadInvalidType);
      const video = detected.find((item) => item.kind === 'video');
      if (video && files.length > 1) throw new ValidationError(messages.uploadMixed);
      if (files.length > MAX_IMAGES_PER_POST) throw new ValidationError(messages.uploadTooMany);
      if (detected.some((item) => item.kind === 'image' && item.pixels > MAX_INPUT_PIXELS)) {
        throw new ValidationError(messages.uploadImageTooLarge);
      }
      const kind = video ? 'video' : 'image';
      const postType = derivePostType(visibility, kind);
      if (video?.kind === 'video' && (video.durationMs ?? 0) > VIDEO_CAP_MS[postType]) {
        throw new ValidationError(messages.uploadVideoTooLong);
      }
      const coverAtMs = parseCoverAt(fields.coverAtMs, video?.kind === 'video' ? video : null);
      const checked = video?.kind === 'video' ? [{ file: files[0]!, kind: 'video' as const, durationMs: video.durationMs }] : files.map((file) => ({ file, kind: 'image' as const }));
      if (await mediaHashes.checkUpload(checked, viewer.userId)) throw new ForbiddenError(messages.mediaTakenDown);

      const folders: string[] = [];
      let queuedSource: string | null = null;
      try {
        const media: NewPostMedia[] = [];
        if (video?.kind === 'video') {
          queuedSource = await store.queueSource(files[0]!);
          media.push({ kind: 'video', width: video.width, height: video.height, durationMs: video.durationMs, imageKey: null, thumbKey: null, videoKey: null, posterKey: null });
        } else {
          for (const file of files) {
            const work = await store.workFolder();
            let result;
            try {
              result = await writeImageRenditions(file, work.dir, POST_IMAGE_RENDITIONS);
              folders.push(await store.publish(work.dir, { restricted: visibility !== 'public' }));
            } catch (error) {
              if (error instanceof UnreadableMediaError) throw new ValidationError(messages.uploadInvalidType);
              throw error;
            } finally {
              await work.discard();
            }
            const folderKey = folders[folders.length - 1]!;
            media.push({
              kind: 'image',
              width: result.width,
              height: result.height,
              durationMs: null,
              imageKey: fileKey(folderKey, MEDIA_FILES.full),
              thumbKey: fileKey(folderKey, MEDIA_FILES.thumb),
              videoKey: null,
              posterKey: null,
            });
          }
        }
        await pauseForTest('upload.before-row');
        const { post, tells } = await uow.run(async (r) => {
          const post = await r.postWrites.insert({
            slug: newSlug(),
            userId: viewer.userId,
            postType,
            contentType: kind,
            visibility,
            description,
            tags,
            media,
            at: clock.now(),
            pendingVideoPath: queuedSource ?? undefined,
            pendingVideoCoverAtMs: coverAtMs,
            consentConfirmedAt,
          });
          if (idempotencyKey !== undefined) {
            await r.idempotency.record({ userId: viewer.userId, key: idempotencyKey, scope: 'post', targetId: post.id, response: { postType, slug: post.slug } });
          }
          return { post, tells: await notify.mentionedInPost(r.notifications, post.id, viewer.userId, description) };
        });
        if (queuedSource) onVideoQueued?.();
        await notify.announce(tells);
        return { postType, slug: post.slug };
      } catch (error) {
        for (const key of folders) await store.removeFolder(key);
        if (queuedSource) await store.removeQueuedSource(queuedSource);
        // Two attempts of one upload at once: the other one made the post.
        const raced = isUniqueViolation(error, 'idempotency_keys_pkey') ? await postedBefore(viewer.userId, idempotencyKey) : undefined;
        if (raced) return raced;
        throw error;
      }
    },

    /** Deletes the viewer's own post with its media files; someone else's post is refused. */
    async deletePost(viewer: Viewer, postId: string, exists: (id: string) => Promise<boolean>): Promise<void> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(postId)) throw new NotFoundError(messages.postNotFound);
      const removed = await postWrites.deleteOwned(postId, viewer.userId);
      if (!removed) {
        if (await exists(postId)) throw new ForbiddenError();
        throw new NotFoundError(messages.postNotFound);
      }
      const foldersToRemove = new Set(removed.keys.filter(isFileKey).map(folderOfFileKey));
      for (const folder of foldersToRemove) await store.removeFolder(folder);
      for (const source of removed.sources) await store.removeQueuedSource(source);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
