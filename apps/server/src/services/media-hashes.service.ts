import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { ReportSubjectType } from '../db/schema.js';
import {
  blockedPictureHashes,
  createHashIndex,
  hashFromBigintColumn,
  hashToBigintColumn,
  MATCH_DISTANCE,
  type HashIndex,
  uploadedPictureHashes,
  videoFrameHashes,
} from '../media/perceptual-hash.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, MEDIA_FILES } from '../media/storage.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import type { HashMatch, MediaHashesRepository } from '../repositories/media-hashes.repository.js';

/**
 * Where a refused repeat upload puts its uploader in the moderation queue: above ordinary reports
 * (priority 0), since the person tried to publish again what a moderator already took down.
 */
export const REPEAT_UPLOAD_PRIORITY = 50;

/**
 * Whether an item of this kind may have pictures or video that go on the block list when taken down
 * (a message, its photo or video, if it carries one).
 */
export function hasHashedMedia(subjectType: ReportSubjectType): boolean {
  return subjectType !== 'comment';
}

/** An upload's file, already on disk and recognised by its bytes, before anything is stored. */
export type UploadToCheck = { file: string; kind: 'image' } | { file: string; kind: 'video'; durationMs: number | null };

/** A stored file of a taken-down subject that could not be hashed (it stays taken down all the same). */
export class StoredMediaUnhashableError extends Error {}

const SUBJECT_LABELS: Record<ReportSubjectType, string> = {
  post: 'la publicación',
  story: 'la historia',
  user: 'la foto de perfil de la cuenta',
  comment: 'el comentario',
  message: 'el mensaje',
};

export interface MediaHashesServiceDeps {
  hashes: MediaHashesRepository;
  /** Where the stored media are read from (media/media-store.ts). */
  store: MediaStore;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Wakes the job worker when a hashing job is queued. */
  onQueued?: () => void;
}

/**
 * The block list of taken-down media: perceptual hashes of what moderators took down, and the check
 * every upload path makes against it before it stores anything (docs/product-decisions.md §9).
 */
export function createMediaHashesService({ hashes, store, clock, log, onQueued }: MediaHashesServiceDeps) {
  type Subject = { subjectType: ReportSubjectType; subjectId: string };
  let list: { version: string; index: HashIndex<Subject> } | undefined;
  let loading: Promise<HashIndex<Subject>> | undefined;

  /**
   * The block list as this process last read it, read again when its version moved: one one-row read
   * per upload instead of a Hamming scan in SQL (bit_count over 50,000 rows takes 23 ms on PostgreSQL
   * and 33 ms on PGlite; the scan in memory about 1 ms, scripts/bench-media-hashes.ts).
   */
  async function blockList(): Promise<HashIndex<Subject>> {
    const version = await hashes.listVersion();
    if (list?.version === version) return list.index;
    loading ??= hashes
      .loadList()
      .then((loaded) => {
        const index = createHashIndex(loaded.entries.map(({ hash, ...subject }) => ({ hash: hashFromBigintColumn(hash), value: subject })));
        list = { version: loaded.version, index };
        return index;
      })
      .finally(() => (loading = undefined));
    return loading;
  }

  /** A stored file that is not there (gone from the disk or the bucket): hashing it again will not help. */
  function gone(error: unknown, key: string): Error {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new StoredMediaUnhashableError(`stored file ${key} is gone`, { cause: error });
    return error as Error;
  }

  /** Hashes of one stored file (a picture and its slight cuts), or none when the file is gone. */
  async function storedPictureHashes(key: string): Promise<bigint[]> {
    try {
      return await store.withLocalFile(key, (file) =>
        blockedPictureHashes(file).catch((error: unknown) => {
          throw new StoredMediaUnhashableError(`stored picture ${key} could not be hashed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }),
      );
    } catch (error) {
      throw gone(error, key);
    }
  }

  async function storedVideoHashes(videoKey: string | null, posterKey: string | null, durationMs: number | null, signal?: AbortSignal): Promise<bigint[]> {
    // A video still being transcoded has no stored files yet: a new attempt later finds them.
    if (!videoKey) throw new Error('the video is not processed yet');
    const found = posterKey ? await storedPictureHashes(posterKey) : [];
    try {
      const frames = await store.withLocalFile(videoKey, (file) => videoFrameHashes(file, durationMs, { signal, blocked: true }));
      return [...found, ...frames];
    } catch (error) {
      if (error instanceof UnreadableMediaError) {
        throw new StoredMediaUnhashableError(`stored video ${videoKey} could not be read: ${error.message}`, { cause: error });
      }
      throw gone(error, videoKey);
    }
  }

  return {
    /**
     * Called when a subject is taken down: queues the hashing of its stored media and returns at once
     * (hashing a video's frames takes seconds). The takedown never waits for it nor fails with it.
     */
    async blockSubject(subjectType: ReportSubjectType, subjectId: string): Promise<void> {
      if (!hasHashedMedia(subjectType)) return;
      await hashes.enqueueBlock(subjectType, subjectId);
      onQueued?.();
    },

    /** Called when a subject is restored: its hashes leave the block list, a pending hashing job is dropped. */
    async unblockSubject(subjectType: ReportSubjectType, subjectId: string): Promise<void> {
      await hashes.remove(subjectType, subjectId);
    },

    /**
     * The block list entries of a subject's stored media, as bigint column values: every picture of a
     * post (display image and tile), a story's picture, the poster and sampled frames of a video, a
     * user's avatar. Files that are gone are left out (a log line says so); any other failure throws,
     * so the job is tried again.
     */
    async hashSubject(subjectType: ReportSubjectType, subjectId: string, signal?: AbortSignal): Promise<string[]> {
      const { media, avatarFolder } = await hashes.storedMedia(subjectType, subjectId);
      const found: bigint[] = [];
      const attempts: Array<() => Promise<bigint[]>> = [];
      for (const item of media) {
        if (item.kind === 'image') for (const key of item.keys) attempts.push(() => storedPictureHashes(key));
        else attempts.push(() => storedVideoHashes(item.videoKey, item.posterKey, item.durationMs, signal));
      }
      if (avatarFolder) attempts.push(() => storedPictureHashes(fileKey(avatarFolder, MEDIA_FILES.avatarLarge)));
      for (const attempt of attempts) {
        try {
          found.push(...(await attempt()));
        } catch (error) {
          // A file that is gone or unreadable will not be better on a second try: the others count.
          if (!(error instanceof StoredMediaUnhashableError)) throw error;
          log.warn({ err: error, subjectType, subjectId }, 'taken-down media not hashed');
        }
      }
      return [...new Set(found.map(hashToBigintColumn))];
    },

    /**
     * Hashes an upload before anything of it is stored (each picture once, a video's poster moment and
     * frames at 25, 50 and 75%) and returns the taken-down subject it matches, if any; a match also
     * puts the uploader in the moderation queue. A file the hasher cannot read is left to the upload's
     * own checks, which refuse it with their message.
     */
    async checkUpload(files: UploadToCheck[], uploaderId: string): Promise<HashMatch | undefined> {
      const found: bigint[] = [];
      for (const item of files) {
        try {
          found.push(...(item.kind === 'image' ? await uploadedPictureHashes(item.file) : await videoFrameHashes(item.file, item.durationMs)));
        } catch (error) {
          if (!(error instanceof UnreadableMediaError)) throw error;
        }
      }
      if (found.length === 0) return undefined;
      const nearest = (await blockList()).nearest(found, MATCH_DISTANCE);
      if (!nearest) return undefined;
      const match: HashMatch = { ...nearest.value, distance: nearest.distance };
      const reason =
        `Intentó publicar de nuevo contenido retirado por moderación: coincide con ${SUBJECT_LABELS[match.subjectType]} ` +
        `${match.subjectId} (distancia ${match.distance} de 64 bits).`;
      try {
        await hashes.recordRepeatUpload(uploaderId, reason, REPEAT_UPLOAD_PRIORITY, clock.now());
      } catch (error) {
        // The refusal stands even if the queue could not be told.
        log.error({ err: error, uploaderId, match }, 'repeat upload not recorded in the moderation queue');
      }
      return match;
    },
  };
}

export type MediaHashesService = ReturnType<typeof createMediaHashesService>;
