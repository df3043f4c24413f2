import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { ProfilePictureResponse } from '@wag/contract/profiles';
import type { Clock } from '../lib/clock.js';
import { AppError, ForbiddenError, ValidationError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { AVATAR_RENDITIONS, MAX_INPUT_PIXELS, writeImageRenditions } from '../media/image-renditions.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import type { MediaStore } from '../media/media-store.js';
import { isFolderKey, MEDIA_FILES } from '../media/storage.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { MediaHashesService } from './media-hashes.service.js';

/** Formats a profile picture may arrive in, read from the bytes (never the name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** An uploaded file's stream; `truncated` is set by the multipart parser when it went over the size limit. */
export type UploadedFile = Readable & { readonly truncated: boolean };

export function createProfilePictureService({
  users,
  clock,
  store,
  uploadDir,
  mediaHashes,
}: {
  users: UsersRepository;
  clock: Clock;
  /** Where media folders are kept (media/media-store.ts). */
  store: MediaStore;
  /** The local folder the upload is streamed to first. */
  uploadDir: string;
  /** The block list of taken-down media, checked before anything is stored. */
  mediaHashes: Pick<MediaHashesService, 'checkUpload'>;
}) {
  return {
    /**
     * Streams the upload to a temporary file, checks that its bytes are an image within the pixel
     * cap, writes the square avatar sizes into a new media folder without any metadata, points the
     * account at it and only then removes the previous folder: no orphan files either way.
     */
    async replace(viewer: Viewer, file: UploadedFile): Promise<ProfilePictureResponse> {
      // Under the upload folder, where the storage sweep finds it if the process dies mid-upload.
      await fs.mkdir(uploadDir, { recursive: true });
      const temp = path.join(uploadDir, `avatar-${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(file, createWriteStream(temp));
        if (file.truncated) throw new AppError(413, messages.pictureTooLarge);

        let format: string | undefined;
        let pixels = 0;
        try {
          const meta = await sharp(temp, { limitInputPixels: false }).metadata();
          format = meta.format;
          pixels = (meta.width ?? 0) * (meta.height ?? 0);
        } catch {
          throw new ValidationError(messages.pictureInvalid);
        }
        if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(messages.pictureInvalid);
        if (pixels > MAX_INPUT_PIXELS) throw new ValidationError(messages.pictureTooLarge);
        if (await mediaHashes.checkUpload([{ file: temp, kind: 'image' }], viewer.userId)) throw new ForbiddenError(messages.mediaTakenDown);

        const work = await store.workFolder();
        let folderKey: string;
        let previous: string | null;
        try {
          await writeImageRenditions(temp, work.dir, AVATAR_RENDITIONS, { quality: 85 });
          folderKey = await store.publish(work.dir, { restricted: false });
        } catch (error) {
          if (error instanceof UnreadableMediaError) throw new ValidationError(messages.pictureInvalid);
          throw error;
        } finally {
          await work.discard();
        }
        try {
          previous = await users.replaceAvatarKey(viewer.userId, folderKey, clock.now());
        } catch (error) {
          await store.removeFolder(folderKey);
          throw error;
        }
        if (previous && previous !== folderKey && isFolderKey(previous)) await store.removeFolder(previous);
        return {
          success: true,
          message: messages.pictureSaved,
          profilePictureUrl: mediaUrl(folderKey, MEDIA_FILES.avatarLarge) as string,
        };
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
  };
}

export type ProfilePictureService = ReturnType<typeof createProfilePictureService>;
