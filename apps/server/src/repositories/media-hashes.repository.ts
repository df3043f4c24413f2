import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB, ReportSubjectType } from '../db/schema.js';
import { enqueueJob } from './jobs.repository.js';

/** One stored media item of a subject, by the keys of its files. */
export type StoredMedia =
  | { kind: 'image'; keys: string[] }
  | { kind: 'video'; videoKey: string | null; posterKey: string | null; durationMs: number | null };

/** The taken-down subject an upload matched, and how many bits apart their nearest hashes are. */
export interface HashMatch {
  subjectType: ReportSubjectType;
  subjectId: string;
  distance: number;
}

/** The files of one stored picture or video, as post_media, stories and message_media keep them. */
interface MediaColumns {
  kind: string;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  duration_ms: number | null;
}

function toStoredMedia(row: MediaColumns): StoredMedia {
  return row.kind === 'image'
    ? { kind: 'image', keys: row.image_key ? [row.image_key] : [] }
    : { kind: 'video', videoKey: row.video_key, posterKey: row.poster_key, durationMs: row.duration_ms };
}

export function createMediaHashesRepository(db: Database) {
  return {
    /**
     * The stored files of a subject that carry pictures: every media item of a post, a story's picture
     * or video, a message's photo or video, a user's avatar folder (as a folder key). Comments hold none.
     */
    async storedMedia(subjectType: ReportSubjectType, subjectId: string): Promise<{ media: StoredMedia[]; avatarFolder: string | null }> {
      if (subjectType === 'post') {
        const rows = await db
          .selectFrom('post_media')
          .select(['kind', 'image_key', 'video_key', 'poster_key', 'duration_ms'])
          .where('post_id', '=', subjectId)
          .orderBy('position')
          .execute();
        return { media: rows.map(toStoredMedia), avatarFolder: null };
      }
      if (subjectType === 'story') {
        const row = await db
          .selectFrom('stories')
          .select(['kind', 'image_key', 'video_key', 'poster_key', 'duration_ms'])
          .where('id', '=', subjectId)
          .executeTakeFirst();
        return { media: row ? [toStoredMedia(row)] : [], avatarFolder: null };
      }
      if (subjectType === 'message') {
        const row = await db
          .selectFrom('message_media')
          .select(['kind', 'image_key', 'video_key', 'poster_key', 'duration_ms'])
          .where('message_id', '=', subjectId)
          .executeTakeFirst();
        return { media: row ? [toStoredMedia(row)] : [], avatarFolder: null };
      }
      if (subjectType === 'user') {
        const row = await db.selectFrom('users').select('avatar_key').where('id', '=', subjectId).executeTakeFirst();
        return { media: [], avatarFolder: row?.avatar_key ?? null };
      }
      return { media: [], avatarFolder: null };
    },

    /** Puts a subject's hashes on the block list; hashes it already has there are kept once. */
    async insert(subjectType: ReportSubjectType, subjectId: string, hashes: string[], executor: Kysely<DB> = db): Promise<void> {
      if (hashes.length === 0) return;
      await executor
        .insertInto('blocked_media_hashes')
        .values(hashes.map((hash) => ({ hash, subject_type: subjectType, subject_id: subjectId })))
        .onConflict((oc) => oc.columns(['subject_type', 'subject_id', 'hash']).doNothing())
        .execute();
    },

    /** Queues the hashing of a taken-down subject. */
    async enqueueBlock(subjectType: ReportSubjectType, subjectId: string): Promise<void> {
      await enqueueJob(db, { name: 'media.block', data: { subjectType, subjectId } });
    },

    /**
     * Takes a subject off the block list: its queued hashing jobs first (a job whose row is gone cannot
     * complete, so a job running now stores nothing), then its hashes. A job that completed a moment
     * before has its hashes removed by the second statement, which sees them. A restore runs this in
     * its own transaction (moderation.service.ts), so the item is never back while still blocked.
     */
    async remove(subjectType: ReportSubjectType, subjectId: string): Promise<number> {
      await db
        .deleteFrom('jobs')
        .where('name', '=', 'media.block')
        .where(sql<string>`data->>'subjectId'`, '=', subjectId)
        .where(sql<string>`data->>'subjectType'`, '=', subjectType)
        .execute();
      const removed = await db
        .deleteFrom('blocked_media_hashes')
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /** The version of the block list: it changes in every transaction that changes the list. */
    async listVersion(): Promise<string> {
      const row = await db.selectFrom('blocked_media_hashes_version').select('version').executeTakeFirstOrThrow();
      return String(row.version);
    },

    /** The whole block list and its version, read in one statement (one snapshot). */
    async loadList(): Promise<{ version: string; entries: Array<{ hash: string; subjectType: ReportSubjectType; subjectId: string }> }> {
      const rows = await db
        .selectFrom('blocked_media_hashes_version as v')
        .leftJoin('blocked_media_hashes as b', (join) => join.onTrue())
        .select(['v.version', 'b.hash', 'b.subject_type', 'b.subject_id'])
        .orderBy('b.id')
        .execute();
      return {
        version: String(rows[0]?.version ?? '0'),
        entries: rows.flatMap((row) =>
          row.hash !== null && row.subject_type !== null && row.subject_id !== null
            ? [{ hash: row.hash, subjectType: row.subject_type, subjectId: row.subject_id }]
            : [],
        ),
      };
    },

    /**
     * Puts the uploader of a refused repeat upload in the moderation queue: their account as a subject
     * (opened, or reopened if it was closed, at least at `priority`) and an appended event saying why.
     */
    async recordRepeatUpload(uploaderId: string, reason: string, priority: number, at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('moderation_subjects')
          .values({ subject_type: 'user', subject_id: uploaderId, owner_id: uploaderId, status: 'open', priority, first_reported_at: at, updated_at: at })
          .onConflict((oc) =>
            oc.columns(['subject_type', 'subject_id']).doUpdateSet({
              priority: sql<number>`greatest(moderation_subjects.priority, excluded.priority)`,
              status: sql<'open' | 'escalated'>`CASE WHEN moderation_subjects.status = 'closed' THEN 'open' ELSE moderation_subjects.status END`,
              updated_at: at,
            }),
          )
          .execute();
        await trx
          .insertInto('moderation_events')
          .values({ subject_type: 'user', subject_id: uploaderId, actor_id: null, action: 'hash_match', reason, created_at: at })
          .execute();
      });
    },
  };
}

export type MediaHashesRepository = ReturnType<typeof createMediaHashesRepository>;
