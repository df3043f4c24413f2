import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Audience, MediaKind, PostType } from '../db/schema.js';
import { enqueueJob } from './jobs.repository.js';
import { inTransaction } from './transaction.js';

export interface NewPostMedia {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  imageKey: string | null;
  thumbKey: string | null;
  videoKey: string | null;
  posterKey: string | null;
}

export interface NewPost {
  slug: string;
  userId: string;
  postType: PostType;
  contentType: MediaKind;
  visibility: Audience;
  description: string;
  tags: string[];
  media: NewPostMedia[];
  at: Date;
  /** A video waiting for processing: the post starts as 'processing' with a job for this file. */
  pendingVideoPath?: string;
  /** The moment of that video whose frame becomes the poster (the creator's choice of cover). */
  pendingVideoCoverAtMs?: number;
  /** When the creator confirmed everyone shown is an adult who agreed (subscribers-only posts). */
  consentConfirmedAt?: Date | null;
}

export function createPostWritesRepository(db: Database) {
  return {
    /** The post, its media rows, its author's count and (for videos) its job, all or nothing. */
    async insert(post: NewPost): Promise<{ id: string; slug: string }> {
      return inTransaction(db, async (trx) => {
        // The author's row first: a follow locks both people's rows before its timeline trigger takes
        // the followee's lock, and the post's own trigger takes that lock on insert, so taking the row
        // after it would let a post and a follow of its author each wait for the other.
        await trx.updateTable('users').set((eb) => ({ posts_count: eb('posts_count', '+', 1) })).where('id', '=', post.userId).execute();
        const row = await trx
          .insertInto('posts')
          .values({
            slug: post.slug,
            user_id: post.userId,
            post_type: post.postType,
            content_type: post.contentType,
            visibility: post.visibility,
            description: post.description,
            tags: post.tags,
            status: post.pendingVideoPath ? 'processing' : 'ready',
            consent_confirmed_at: post.consentConfirmedAt ?? null,
            created_at: post.at,
          })
          .returning(['id', 'slug'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('post_media')
          .values(
            post.media.map((item, position) => ({
              post_id: row.id,
              position,
              kind: item.kind,
              width: item.width,
              height: item.height,
              duration_ms: item.durationMs,
              image_key: item.imageKey,
              thumb_key: item.thumbKey,
              video_key: item.videoKey,
              poster_key: item.posterKey,
            })),
          )
          .execute();
        if (post.pendingVideoPath) {
          const cover = post.pendingVideoCoverAtMs === undefined ? {} : { coverAtMs: post.pendingVideoCoverAtMs };
          await enqueueJob(trx, { name: 'video.transcode', data: { postId: row.id, sourcePath: post.pendingVideoPath, ...cover } });
        }
        return row;
      });
    },

    /**
     * A transcoded video goes live: its media row gets the files and the post becomes ready. Run by
     * the transcode job inside the transaction that ends the job (`executor`), so it happens only
     * while that worker still holds the job.
     */
    async markVideoReady(postId: string, media: NewPostMedia, executor: Database = db): Promise<void> {
      await executor
        .updateTable('post_media')
        .set({
          width: media.width,
          height: media.height,
          duration_ms: media.durationMs,
          thumb_key: media.thumbKey,
          video_key: media.videoKey,
          poster_key: media.posterKey,
        })
        .where('post_id', '=', postId)
        .where('position', '=', 0)
        .execute();
      await executor.updateTable('posts').set({ status: 'ready', failure_reason: null }).where('id', '=', postId).execute();
      // The MP4 plays now; the ladder follows from the worker (the first playable file is not delayed).
      if (media.videoKey) await enqueueJob(executor, { name: 'video.ladder', data: { postId, videoKey: media.videoKey } });
    },

    /** The video of a post's first media item and its ladder's master, or undefined when the post is gone. */
    async videoStream(postId: string): Promise<{ video_key: string | null; stream_key: string | null } | undefined> {
      return db
        .selectFrom('post_media')
        .select(['video_key', 'stream_key'])
        .where('post_id', '=', postId)
        .where('position', '=', 0)
        .executeTakeFirst();
    },

    /**
     * A video's ladder is complete: its media row names the master playlist. Only while the row still
     * holds that video (the post was neither deleted nor given another file meanwhile).
     */
    async markStreamReady(postId: string, videoKey: string, streamKey: string, executor: Database = db): Promise<void> {
      await executor
        .updateTable('post_media')
        .set({ stream_key: streamKey })
        .where('post_id', '=', postId)
        .where('position', '=', 0)
        .where('video_key', '=', videoKey)
        .execute();
    },

    /** A video that could not be processed: the post says so, with the reason. */
    async markVideoFailed(postId: string, reason: string, executor: Database = db): Promise<void> {
      await executor.updateTable('posts').set({ status: 'failed', failure_reason: reason.slice(0, 500) }).where('id', '=', postId).execute();
    },

    /** The audience of a video's post, or undefined when it was deleted while its video waited. */
    async videoPostVisibility(postId: string): Promise<Audience | undefined> {
      const row = await db.selectFrom('posts').select('visibility').where('id', '=', postId).executeTakeFirst();
      return row?.visibility;
    },

    /** Deletes the owner's post with its rows; returns the media keys to remove, or null when not theirs. */
    async deleteOwned(postId: string, ownerId: string): Promise<{ keys: string[]; sources: string[] } | null> {
      return db.transaction().execute(async (trx) => {
        const media = await trx
          .selectFrom('post_media')
          .innerJoin('posts', 'posts.id', 'post_media.post_id')
          .select(['image_key', 'thumb_key', 'video_key', 'poster_key'])
          .where('posts.id', '=', postId)
          .where('posts.user_id', '=', ownerId)
          .execute();
        const deleted = await trx.deleteFrom('posts').where('id', '=', postId).where('user_id', '=', ownerId).returning('id').executeTakeFirst();
        if (!deleted) return null;
        // A worker transcoding this video right now finds its job gone and keeps nothing.
        const jobs = await trx
          .deleteFrom('jobs')
          .where('name', '=', 'video.transcode')
          .where(sql<string>`data->>'postId'`, '=', postId)
          .returning(sql<string>`data->>'sourcePath'`.as('source_path'))
          .execute();
        await trx
          .updateTable('users')
          .set({ posts_count: sql<number>`GREATEST(posts_count - 1, 0)` })
          .where('id', '=', ownerId)
          .execute();
        const keys = media.flatMap((row) => [row.image_key, row.thumb_key, row.video_key, row.poster_key]).filter((key): key is string => key !== null);
        return { keys, sources: jobs.map((job) => job.source_path) };
      });
    },
  };
}

export type PostWritesRepository = ReturnType<typeof createPostWritesRepository>;
