import { MESSAGE_VIDEO_MAX_MS } from '@wag/contract/messages';
import { ForbiddenError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { detectMedia } from '../media/detect.js';
import { MAX_INPUT_PIXELS, type RenditionSpec, writeImageRenditions } from '../media/image-renditions.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, MEDIA_FILES } from '../media/storage.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import type { NewMessageMedia } from '../repositories/conversations.repository.js';
import type { MediaHashesService } from './media-hashes.service.js';

/** A message's photo: the display image only (a bubble shows it at its own ratio; no grid tile). */
const MESSAGE_IMAGE_RENDITIONS: readonly RenditionSpec[] = [{ file: MEDIA_FILES.full, width: 1080, height: 1920, fit: 'inside' }];

export interface MessageMediaDeps {
  /** Where media folders and queued videos are kept (media/media-store.ts). */
  store: MediaStore;
  /** The block list of taken-down media, checked before anything is stored. */
  mediaHashes: Pick<MediaHashesService, 'checkUpload'>;
}

/** An upload made ready for its message row, and what to remove if that row is never written. */
export interface PreparedMessageMedia {
  media: NewMessageMedia;
  folderKey: string | null;
}

/**
 * Runs an uploaded file (already on disk) through the media pipeline of posts and stories: judged by
 * its bytes, checked against the block list of taken-down media, an image re-encoded without its
 * metadata into a restricted folder, a video moved aside for its transcode job. Nothing is left
 * behind when it throws.
 */
export async function prepareMessageMedia(deps: MessageMediaDeps, file: string, senderId: string, clientKey: string | null): Promise<PreparedMessageMedia> {
  const detected = await detectMedia(file);
  if (detected.kind === 'unknown') throw new ValidationError(messages.uploadInvalidType);
  if (detected.kind === 'image' && detected.pixels > MAX_INPUT_PIXELS) throw new ValidationError(messages.uploadImageTooLarge);
  if (detected.kind === 'video' && (detected.durationMs ?? 0) > MESSAGE_VIDEO_MAX_MS) throw new ValidationError(messages.messageVideoTooLong);
  const checked = detected.kind === 'video' ? { file, kind: 'video' as const, durationMs: detected.durationMs } : { file, kind: 'image' as const };
  if (await deps.mediaHashes.checkUpload([checked], senderId)) throw new ForbiddenError(messages.mediaTakenDown);

  if (detected.kind === 'video') {
    const queued = await deps.store.queueSource(file);
    return {
      media: { kind: 'video', width: detected.width, height: detected.height, durationMs: detected.durationMs, imageKey: null, pendingVideoPath: queued, clientKey },
      folderKey: null,
    };
  }
  const work = await deps.store.workFolder();
  try {
    const result = await writeImageRenditions(file, work.dir, MESSAGE_IMAGE_RENDITIONS);
    const folderKey = await deps.store.publish(work.dir, { restricted: true });
    return {
      media: { kind: 'image', width: result.width, height: result.height, durationMs: null, imageKey: fileKey(folderKey, MEDIA_FILES.full), pendingVideoPath: null, clientKey },
      folderKey,
    };
  } catch (error) {
    if (error instanceof UnreadableMediaError) throw new ValidationError(messages.uploadInvalidType);
    throw error;
  } finally {
    await work.discard();
  }
}

/** Removes what a prepared upload stored, when its message was not written. */
export async function discardMessageMedia(deps: MessageMediaDeps, prepared: PreparedMessageMedia): Promise<void> {
  if (prepared.folderKey) await deps.store.removeFolder(prepared.folderKey);
  if (prepared.media.pendingVideoPath) await deps.store.removeQueuedSource(prepared.media.pendingVideoPath);
}
