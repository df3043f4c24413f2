import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Audience, ProcessingStatus } from '../db/schema.js';
import { followsSql } from './filters.js';

/** What a media folder belongs to, with the facts its visibility depends on. */
export type MediaSubject =
  | { kind: 'post'; user_id: string; status: ProcessingStatus; visibility: Audience; follows: boolean }
  | { kind: 'story'; user_id: string; status: ProcessingStatus; audience: Audience; created_at: Date; highlighted_at: Date | null; follows: boolean }
  | { kind: 'avatar'; user_id: string };

interface SubjectRow {
  kind: 'post' | 'story' | 'avatar';
  user_id: string;
  status: ProcessingStatus;
  audience: Audience;
  created_at: Date | null;
  highlighted_at: Date | null;
  follows: boolean;
}

export function createAccessRepository(db: Database) {
  return {
    /**
     * The item a media folder (`u/…` or `r/…`) belongs to and the viewer's relation to its owner, in
     * one query over the folder columns of post media, stories and avatars; undefined when no row
     * names the folder (deleted, or never committed).
     */
    async mediaSubject(folderKey: string, viewerId: string | null): Promise<MediaSubject | undefined> {
      const result = await sql<SubjectRow>`
        SELECT 'post' AS kind, p.user_id, p.status, p.visibility AS audience, NULL::timestamptz AS created_at,
               NULL::timestamptz AS highlighted_at, ${followsSql(viewerId, sql.ref('p.user_id'))} AS follows
        FROM post_media m JOIN posts p ON p.id = m.post_id
        WHERE m.folder_key = ${folderKey}
        UNION ALL
        SELECT 'story', s.user_id, s.status, s.audience, s.created_at, s.highlighted_at,
               ${followsSql(viewerId, sql.ref('s.user_id'))}
        FROM stories s
        WHERE s.folder_key = ${folderKey}
        UNION ALL
        SELECT 'avatar', u.id, 'ready', 'public', NULL, NULL, FALSE
        FROM users u
        WHERE u.avatar_key = ${folderKey}
        LIMIT 1`.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      if (row.kind === 'avatar') return { kind: 'avatar', user_id: row.user_id };
      if (row.kind === 'post') return { kind: 'post', user_id: row.user_id, status: row.status, visibility: row.audience, follows: row.follows };
      return {
        kind: 'story',
        user_id: row.user_id,
        status: row.status,
        audience: row.audience,
        created_at: row.created_at as Date,
        highlighted_at: row.highlighted_at,
        follows: row.follows,
      };
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
