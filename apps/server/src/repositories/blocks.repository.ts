import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { blockFactsSql } from '../access/filters.js';
import type { BlockFacts } from '../access/rules.js';

export interface BlockedUserRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  created_at: Date;
  cursor_at: string;
}

/** Blocks: who blocks whom (the rules that follow from them are the access module's). */
export function createBlocksRepository(db: Database) {
  return {
    /** Who blocks whom between the viewer and another person, in one query. */
    async facts(viewerId: string, otherId: string): Promise<BlockFacts> {
      const result = await sql<BlockFacts>`SELECT ${blockFactsSql(viewerId, sql`${otherId}::uuid`)}`.execute(db);
      return result.rows[0] ?? { viewer_blocks: false, blocks_viewer: false };
    },

    /** Records the block; false when it was already there. */
    async block(blockerId: string, blockedId: string, at: Date): Promise<boolean> {
      const inserted = await sql`
        INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${blockerId}, ${blockedId}, ${at})
        ON CONFLICT DO NOTHING RETURNING 1`.execute(db);
      return inserted.rows.length > 0;
    },

    /** Lifts the block; false when there was none. */
    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const deleted = await sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId} RETURNING 1`.execute(db);
      return deleted.rows.length > 0;
    },

    /** A page of the people the blocker blocks, newest block first (index blocks_blocker_time). */
    async list(input: { blockerId: string; limit: number; after?: { at: string; id: string } }): Promise<BlockedUserRow[]> {
      const keyset = input.after ? sql`AND (b.created_at, b.blocked_id) < (${input.after.at}::timestamptz, ${input.after.id}::uuid)` : sql``;
      const result = await sql<BlockedUserRow>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, b.created_at, b.created_at::text AS cursor_at
        FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ${input.blockerId} ${keyset}
        ORDER BY b.created_at DESC, b.blocked_id DESC
        LIMIT ${input.limit}`.execute(db);
      return result.rows;
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
