import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** What the storage sweep asks the database: which files on disk something still points at. */
export function createStorageSweepRepository(db: Database) {
  return {
    /**
     * The media folder keys among `keys` that a post's media, a story, an avatar or a message's media names (the
     * generated, indexed folder_key columns and users.avatar_key).
     */
    async foldersInUse(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const result = await sql<{ key: string }>`
        SELECT folder_key AS key FROM post_media WHERE folder_key = ANY(${keys}::text[])
        UNION SELECT folder_key FROM stories WHERE folder_key = ANY(${keys}::text[])
        UNION SELECT avatar_key FROM users WHERE avatar_key = ANY(${keys}::text[])
        UNION SELECT folder_key FROM message_media WHERE folder_key = ANY(${keys}::text[])`.execute(db);
      return new Set(result.rows.map((row) => row.key));
    },

    /** Source files of the videos waiting in the queue (posts' and messages'). */
    async queuedVideoSources(): Promise<Set<string>> {
      const rows = await db
        .selectFrom('jobs')
        .select(sql<string>`data->>'sourcePath'`.as('source'))
        .where('name', 'in', ['video.transcode', 'message.video'])
        .execute();
      return new Set(rows.map((row) => row.source));
    },
  };
}

export type StorageSweepRepository = ReturnType<typeof createStorageSweepRepository>;
