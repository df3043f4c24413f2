import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Audience, MediaKind, PostType } from '../db/schema.js';
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
}

export interface MediaJob {
  id: string;
  post_id: string;
  source_path: string;
  attempts: number;
}

export function createPostWritesRepository(db: Database) {
  return {
    /** The post, its media rows, its author's count and (for videos) its job, all or nothing. */
    async insert(post: NewPost): Promise<{ id: string; slug: string }> {
      return inTransaction(db, async (trx) => {
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
        await trx.updateTable('users').set((eb) => ({ posts_count: eb('posts_count', '+', 1) })).where('id', '=', post.userId).execute();
        if (post.pendingVideoPath) {
          await trx.insertInto('media_jobs').values({ post_id: row.id, source_path: post.pendingVideoPath, created_at: post.at }).execute();
        }
        return row;
      });
    },

    /** Takes the oldest job nobody holds, for `leaseMs`; a crashed worker's job comes back after it. */
    async claimJob(now: Date, leaseMs: number): Promise<MediaJob | undefined> {
      const result = await sql<MediaJob>`
        UPDATE media_jobs SET locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM media_jobs
          WHERE locked_until IS NULL OR locked_until < ${now}
          ORDER BY created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, post_id, source_path, attempts`.execute(db);
      return result.rows[0];
    },

    async completeJob(job: MediaJob, media: NewPostMedia): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('post_media')
          .set({
            width: media.width,
            height: media.height,
            duration_ms: media.durationMs,
            thumb_key: media.thumbKey,
            video_key: media.videoKey,
            poster_key: media.posterKey,
          })
          .where('post_id', '=', job.post_id)
          .where('position', '=', 0)
          .execute();
        await trx.updateTable('posts').set({ status: 'ready', failure_reason: null }).where('id', '=', job.post_id).execute();
        await trx.deleteFrom('media_jobs').where('id', '=', job.id).execute();
      });
    },

    async failJob(job: MediaJob, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('posts').set({ status: 'failed', failure_reason: reason.slice(0, 500) }).where('id', '=', job.post_id).execute();
        await trx.deleteFrom('media_jobs').where('id', '=', job.id).execute();
      });
    },

    /** The audience of the job's post, or undefined when it was deleted while waiting. */
    async jobPostVisibility(job: MediaJob): Promise<Audience | undefined> {
      const row = await db.selectFrom('posts').select('visibility').where('id', '=', job.post_id).executeTakeFirst();
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
        const jobs = await trx.selectFrom('media_jobs').select('source_path').where('post_id', '=', postId).execute();
        const deleted = await trx.deleteFrom('posts').where('id', '=', postId).where('user_id', '=', ownerId).returning('id').executeTakeFirst();
        if (!deleted) return null;
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
