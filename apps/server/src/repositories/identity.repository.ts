import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { IdentityVerificationStatus } from '../db/schema.js';

/** A request as the desk and the person's status read it. */
export interface IdentityRequestRow {
  id: string;
  user_id: string;
  status: IdentityVerificationStatus;
  dob: string;
  dob_matches: boolean;
  document_keys: string[];
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  documents_deleted_at: Date | null;
  created_at: Date;
  /** created_at as PostgreSQL prints it (microseconds kept), for the queue's keyset. */
  cursor_at: string;
  username: string;
  full_name: string | null;
  email: string;
  birth_date: string;
}

/** The queue's keyset: mismatches (false) first, then the oldest. */
export interface IdentityQueueAfter {
  dobMatches: boolean;
  at: string;
  id: string;
}

const REQUEST_COLUMNS = sql`
  v.id, v.user_id, v.status, v.dob::text AS dob, v.dob_matches, v.document_keys, v.reason, v.decided_by, v.decided_at,
  v.documents_deleted_at, v.created_at, v.created_at::text AS cursor_at,
  u.username, u.full_name, u.email, u.birth_date::text AS birth_date`;

/** Identity verification requests: the only place their rows are read or written. */
export function createIdentityRepository(db: Database) {
  return {
    /** The account's date of birth (YYYY-MM-DD); undefined for an account that is gone. */
    async birthDateOf(userId: string): Promise<string | undefined> {
      const row = await sql<{ birth_date: string }>`SELECT birth_date::text AS birth_date FROM users WHERE id = ${userId} AND deleted_at IS NULL`.execute(db);
      return row.rows[0]?.birth_date;
    },

    /** Whether a moderator checked the account's identity (the right to publish subscribers-only content). */
    async isVerified(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('identity_verified_at').where('id', '=', userId).executeTakeFirst();
      return Boolean(row?.identity_verified_at);
    },

    /** The account's latest request and its verified check, for GET /api/verification/status. */
    async statusOf(userId: string): Promise<{ latest: { status: IdentityVerificationStatus; reason: string | null } | null; isVerified: boolean }> {
      const user = await db.selectFrom('users').select('is_verified').where('id', '=', userId).executeTakeFirst();
      const latest = await db
        .selectFrom('identity_verifications')
        .select(['status', 'reason'])
        .where('user_id', '=', userId)
        // A pending request is always the latest (a new one is only taken after a decision), even
        // when two share an instant; then the newest decision.
        .orderBy(sql`(status = 'pending')`, 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { latest: latest ?? null, isVerified: user?.is_verified ?? false };
    },

    /**
     * A new pending request, unless the account has one pending already or was approved (null then;
     * the unique index on pending requests settles two sent at once).
     */
    async insertPending(input: { userId: string; dob: string; dobMatches: boolean; documentKeys: string[]; at: Date }): Promise<{ id: string } | null> {
      return db.transaction().execute(async (trx) => {
        // Serialises this account's requests: the check below and the insert see the same state.
        await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
        const blocking = await trx
          .selectFrom('identity_verifications')
          .select('id')
          .where('user_id', '=', input.userId)
          .where('status', 'in', ['pending', 'approved'])
          .executeTakeFirst();
        if (blocking) return null;
        return trx
          .insertInto('identity_verifications')
          .values({
            user_id: input.userId,
            status: 'pending',
            dob: input.dob,
            dob_matches: input.dobMatches,
            document_keys: input.documentKeys,
            created_at: input.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
    },

    /** Pending requests: date-of-birth mismatches first, then the oldest; `limit` rows after `after`. */
    async pendingPage(limit: number, after?: IdentityQueueAfter): Promise<IdentityRequestRow[]> {
      const keyset = after
        ? sql`AND (v.dob_matches, v.created_at, v.id) > (${after.dobMatches}, ${after.at}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const result = await sql<IdentityRequestRow>`
        SELECT ${REQUEST_COLUMNS}
        FROM identity_verifications v JOIN users u ON u.id = v.user_id
        WHERE v.status = 'pending' ${keyset}
        ORDER BY v.dob_matches, v.created_at, v.id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    async find(id: string): Promise<IdentityRequestRow | undefined> {
      const result = await sql<IdentityRequestRow>`
        SELECT ${REQUEST_COLUMNS}
        FROM identity_verifications v JOIN users u ON u.id = v.user_id
        WHERE v.id = ${id}`.execute(db);
      return result.rows[0];
    },

    /**
     * Decides a pending request (false when it was no longer pending); an approval marks the account
     * identity-verified. Meant to run in the transaction of what the decision tells (unit-of-work).
     */
    async decide(input: { id: string; status: 'approved' | 'rejected'; reason: string | null; moderatorId: string; at: Date }): Promise<boolean> {
      const row = await db
        .updateTable('identity_verifications')
        .set({ status: input.status, reason: input.reason, decided_by: input.moderatorId, decided_at: input.at })
        .where('id', '=', input.id)
        .where('status', '=', 'pending')
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
      if (input.status === 'approved') {
        await db.updateTable('users').set({ identity_verified_at: input.at }).where('id', '=', row.user_id).execute();
      }
      return true;
    },

    /** Decided requests whose documents are still kept although they were decided before `decidedBefore`. */
    async documentsDue(decidedBefore: Date, limit: number): Promise<{ id: string; document_keys: string[] }[]> {
      return db
        .selectFrom('identity_verifications')
        .select(['id', 'document_keys'])
        .where('status', '<>', 'pending')
        .where('decided_at', '<=', decidedBefore)
        .where('documents_deleted_at', 'is', null)
        .orderBy('decided_at')
        .limit(limit)
        .execute();
    },

    /** Records that a request's documents are gone (their files were deleted first). */
    async markDocumentsDeleted(id: string, at: Date): Promise<void> {
      await db.updateTable('identity_verifications').set({ documents_deleted_at: at, document_keys: [] }).where('id', '=', id).execute();
    },

    /** Every stored document of an account (its deletion removes their files). */
    async documentKeysOf(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('identity_verifications').select('document_keys').where('user_id', '=', userId).execute();
      return rows.flatMap((row) => row.document_keys);
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
