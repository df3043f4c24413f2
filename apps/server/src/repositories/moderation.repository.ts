import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type {
  Audience,
  MediaKind,
  Moderation,
  ModerationDecision,
  ModerationStatus,
  ReportReason,
  ReportStatus,
  ReportSubjectType,
  Role,
} from '../db/schema.js';
import { commentFactsSql, messageFactsSql, moderationReasonSql, personFactsSql, postFactsSql, storyFactsSql } from '../access/filters.js';
import type { CommentFacts, MessageFacts, PersonFacts, PostFacts, StoryFacts } from '../access/rules.js';

/** The content tables moderation acts on, by subject type. */
const CONTENT_TABLES = { post: 'posts', comment: 'comments', story: 'stories', message: 'messages' } as const;
export type ContentType = keyof typeof CONTENT_TABLES;
export const isContentType = (type: ReportSubjectType): type is ContentType => type !== 'user';

/** Who reported: an account, or a guest by their contact address. */
export type Reporter = { userId: string } | { email: string };

export interface ReportRef {
  id: string;
  status: ReportStatus;
}

export interface MyReportRow {
  id: string;
  subject_type: ReportSubjectType;
  subject_id: string;
  subject_username: string | null;
  reason: ReportReason;
  status: ReportStatus;
  outcome: string | null;
  created_at: Date;
  cursor_at: string;
  decided_at: Date | null;
}

export interface SubjectRow {
  subject_type: ReportSubjectType;
  subject_id: string;
  owner_id: string | null;
  status: ModerationStatus;
  priority: number;
  reports_count: number;
  reasons: ReportReason[];
  first_reported_at: Date;
  updated_at: Date;
  appealed_at: Date | null;
  decision: ModerationDecision | null;
  decision_reason: string | null;
  decided_at: Date | null;
  appeal_decided_at: Date | null;
}

/** A glimpse of a subject: text, a picture (a file key, or an avatar folder), whose it is. */
export interface PreviewColumns {
  preview_text: string | null;
  preview_file_key: string | null;
  preview_avatar_key: string | null;
  owner_username: string | null;
  /** The username of a user subject (its id is a uuid; the API names people by username). */
  subject_username: string | null;
}

export interface QueueRow extends SubjectRow, PreviewColumns {
  cursor_at: string;
}

export interface DecisionRow extends SubjectRow, PreviewColumns {
  cursor_at: string;
  /** The content's moderation state now, or the account's suspension end for a user. */
  content_moderation: Moderation | null;
  suspended_until: Date | null;
}

export interface EventRow {
  id: number | string;
  subject_type: ReportSubjectType;
  subject_id: string;
  action: string;
  reason: string | null;
  until: Date | null;
  created_at: Date;
  actor_username: string | null;
  decides_appeal: boolean;
}

export interface SubjectReportRow {
  id: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  outcome: string | null;
  created_at: Date;
  decided_at: Date | null;
  reporter_username: string | null;
  reporter_email: string | null;
}

export interface ResolvedReport {
  id: string;
  reporter_id: string | null;
  reporter_email: string | null;
}

/** The account a moderator looks at, as its owner's profile knows it. */
export interface UserContentRow {
  id: string;
  username: string;
  full_name: string | null;
  bio: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  role: Role;
  email: string;
  created_at: Date;
  suspended_until: Date | null;
  followers_count: number;
  following_count: number;
  posts_count: number;
}

export interface ContentRow {
  id: string;
  owner_id: string;
  owner_username: string;
  owner_email: string;
  moderation: Moderation | null;
  moderation_reason: string | null;
  created_at: Date;
  text: string | null;
  /** post: its slug; comment: its post's id and slug. */
  slug: string | null;
  post_id: string | null;
  /** story */
  audience: Audience | null;
  kind: MediaKind | null;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  highlighted_at: Date | null;
  /** message */
  recipient_username: string | null;
}

/** Priority weight of each reason: urgent reasons sit above any number of reports of the others. */
const REASON_WEIGHT: Record<ReportReason, number> = {
  underage: 1000,
  non_consensual: 1000,
  violence: 50,
  hate: 40,
  harassment: 30,
  impersonation: 20,
  inappropriate: 10,
  spam: 5,
  other: 5,
};
/** Each report adds one, up to this many, so many small reports never outrank an urgent one. */
const MAX_REPORTS_WEIGHT = 99;

const previewJoins = sql`
  LEFT JOIN posts p ON ms.subject_type = 'post' AND p.id = ms.subject_id
  LEFT JOIN LATERAL (
    SELECT coalesce(pm.thumb_key, pm.poster_key, pm.image_key) AS key FROM post_media pm
    WHERE pm.post_id = p.id ORDER BY pm.position LIMIT 1
  ) pm ON true
  LEFT JOIN comments c ON ms.subject_type = 'comment' AND c.id = ms.subject_id
  LEFT JOIN stories st ON ms.subject_type = 'story' AND st.id = ms.subject_id
  LEFT JOIN messages msg ON ms.subject_type = 'message' AND msg.id = ms.subject_id
  LEFT JOIN users su ON ms.subject_type = 'user' AND su.id = ms.subject_id
  LEFT JOIN users o ON o.id = ms.owner_id`;

const previewColumns = sql`
  left(coalesce(p.description, c.text, msg.text, su.full_name || coalesce(' · ' || su.bio, ''), su.bio), 200) AS preview_text,
  coalesce(pm.key, st.poster_key, st.image_key) AS preview_file_key,
  su.avatar_key AS preview_avatar_key,
  o.username AS owner_username,
  su.username AS subject_username`;

const subjectColumns = sql`
  ms.subject_type, ms.subject_id, ms.owner_id, ms.status, ms.priority, ms.reports_count, ms.reasons,
  ms.first_reported_at, ms.updated_at, ms.appealed_at, ms.decision, ms.decision_reason, ms.decided_at, ms.appeal_decided_at`;

/**
 * Reports, the moderation queue, its subjects and their append-only history, and what decisions do
 * to content and accounts: the only SQL of the safety desk. Each method runs on the executor it was
 * made with, so the unit of work puts a decision and everything it records in one transaction.
 */
export function createModerationRepository(db: Database) {
  return {
    /** An account's role (moderators and admins work the desk). */
    async roleOf(userId: string): Promise<Role | undefined> {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
      return row?.role;
    },

    // What a reporter may report: the access rules' facts of the subject for them ---------------

    async personForViewer(username: string, viewerId: string | null, now: Date): Promise<(PersonFacts & { username: string }) | undefined> {
      const result = await sql<PersonFacts & { username: string }>`
        SELECT ${personFactsSql(viewerId, now, 'u')}, u.username FROM users u WHERE lower(u.username) = lower(${username})`.execute(db);
      return result.rows[0];
    },

    async postForViewer(id: string, viewerId: string | null, now: Date): Promise<(PostFacts & { id: string }) | undefined> {
      const result = await sql<PostFacts & { id: string }>`SELECT p.id, ${postFactsSql(viewerId, now, 'p')} FROM posts p WHERE p.id = ${id}`.execute(db);
      return result.rows[0];
    },

    /** A comment's facts, and its post's (prefixed `post_`), for the viewer. */
    async commentForViewer(id: string, viewerId: string | null, now: Date): Promise<(CommentFacts & { id: string; post: PostFacts }) | undefined> {
      const result = await sql<CommentFacts & { id: string; post: PostFacts }>`
        SELECT c.id, ${commentFactsSql(viewerId, now, 'c')},
          (SELECT row_to_json(q) FROM (SELECT ${postFactsSql(viewerId, now, 'p')}) q) AS post
        FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = ${id}`.execute(db);
      return result.rows[0];
    },

    async storyForViewer(id: string, viewerId: string | null, now: Date): Promise<(StoryFacts & { id: string }) | undefined> {
      const result = await sql<StoryFacts & { id: string }>`SELECT s.id, ${storyFactsSql(viewerId, now, 's')} FROM stories s WHERE s.id = ${id}`.execute(db);
      return result.rows[0];
    },

    /** A message with its facts for the viewer, only if the viewer is one of its two people. */
    async messageForViewer(id: string, viewerId: string): Promise<(MessageFacts & { id: string; recipient_id: string }) | undefined> {
      const result = await sql<MessageFacts & { id: string; recipient_id: string }>`
        SELECT msg.id, msg.recipient_id, ${messageFactsSql(viewerId, 'msg')}
        FROM messages msg
        WHERE msg.id = ${id} AND (msg.sender_id = ${viewerId} OR msg.recipient_id = ${viewerId})`.execute(db);
      return result.rows[0];
    },

    // Reports -----------------------------------------------------------------------------------

    async findOpenReport(reporter: Reporter, type: ReportSubjectType, subjectId: string): Promise<ReportRef | undefined> {
      const who = 'userId' in reporter ? sql`reporter_id = ${reporter.userId}` : sql`reporter_id IS NULL AND lower(reporter_email) = lower(${reporter.email})`;
      const result = await sql<ReportRef>`
        SELECT id, status FROM reports
        WHERE ${who} AND subject_type = ${type} AND subject_id = ${subjectId} AND status = 'open'`.execute(db);
      return result.rows[0];
    },

    async insertReport(input: {
      reporter: Reporter;
      type: ReportSubjectType;
      subjectId: string;
      ownerId: string;
      reason: ReportReason;
      details: string | null;
      at: Date;
    }): Promise<ReportRef> {
      return db
        .insertInto('reports')
        .values({
          reporter_id: 'userId' in input.reporter ? input.reporter.userId : null,
          reporter_email: 'email' in input.reporter ? input.reporter.email : null,
          subject_type: input.type,
          subject_id: input.subjectId,
          subject_owner_id: input.ownerId,
          reason: input.reason,
          details: input.details,
          created_at: input.at,
        })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Counts a report on its subject's queue row (made on the first one): one more report, its reason
     * among the reasons, the priority of the weightiest reason plus the number of reports, and an
     * open status again if it had been closed.
     */
    async countReport(type: ReportSubjectType, subjectId: string, ownerId: string, reason: ReportReason, at: Date): Promise<void> {
      const weight = REASON_WEIGHT[reason];
      await sql`
        INSERT INTO moderation_subjects AS ms (subject_type, subject_id, owner_id, status, priority, reports_count, reasons, first_reported_at, updated_at)
        VALUES (${type}, ${subjectId}, ${ownerId}, 'open', ${weight + 1}, 1, ${[reason]}::text[], ${at}, ${at})
        ON CONFLICT (subject_type, subject_id) DO UPDATE SET
          reports_count = ms.reports_count + 1,
          reasons = CASE WHEN ${reason} = ANY (ms.reasons) THEN ms.reasons ELSE array_append(ms.reasons, ${reason}::text) END,
          priority = GREATEST(ms.priority - LEAST(ms.reports_count, ${MAX_REPORTS_WEIGHT}), ${weight}) + LEAST(ms.reports_count + 1, ${MAX_REPORTS_WEIGHT}),
          status = CASE WHEN ms.status = 'closed' THEN 'open' ELSE ms.status END,
          first_reported_at = CASE WHEN ms.status = 'closed' THEN ${at} ELSE ms.first_reported_at END,
          updated_at = ${at}`.execute(db);
    },

    /** A page of someone's reports, newest first. */
    async reportsOf(userId: string, limit: number, after?: { at: string; id: string }): Promise<MyReportRow[]> {
      const keyset = after ? sql`AND (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await sql<MyReportRow>`
        SELECT r.id, r.subject_type, r.subject_id, u.username AS subject_username, r.reason, r.status, r.outcome,
          r.created_at, r.created_at::text AS cursor_at, r.decided_at
        FROM reports r
        LEFT JOIN users u ON r.subject_type = 'user' AND u.id = r.subject_id
        WHERE r.reporter_id = ${userId} ${keyset}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * A decision closes the subject's open reports with its outcome; returns who reported them (to
     * be told).
     */
    async decideOpenReports(type: ReportSubjectType, subjectId: string, status: 'resolved' | 'dismissed', outcome: string, at: Date): Promise<ResolvedReport[]> {
      const result = await sql<ResolvedReport>`
        UPDATE reports SET status = ${status}, outcome = ${outcome}, decided_at = ${at}
        WHERE subject_type = ${type} AND subject_id = ${subjectId} AND status = 'open'
        RETURNING id, reporter_id, reporter_email`.execute(db);
      return result.rows;
    },

    // The queue and its subjects -----------------------------------------------------------------

    /** The queue of one status: highest priority first, then the longest waiting. */
    async queue(status: ModerationStatus, limit: number, after?: { priority: number; at: string; id: string }): Promise<QueueRow[]> {
      const keyset = after
        ? sql`AND (ms.priority < ${after.priority} OR (ms.priority = ${after.priority}
              AND (ms.first_reported_at, ms.subject_id) > (${after.at}::timestamptz, ${after.id}::uuid)))`
        : sql``;
      const result = await sql<QueueRow>`
        SELECT ${subjectColumns}, ms.first_reported_at::text AS cursor_at, ${previewColumns}
        FROM moderation_subjects ms
        ${previewJoins}
        WHERE ms.status = ${status} ${keyset}
        ORDER BY ms.priority DESC, ms.first_reported_at, ms.subject_id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    async subject(type: ReportSubjectType, subjectId: string, options: { lock?: boolean } = {}): Promise<SubjectRow | undefined> {
      const result = await sql<SubjectRow>`
        SELECT ${subjectColumns} FROM moderation_subjects ms
        WHERE ms.subject_type = ${type} AND ms.subject_id = ${subjectId}
        ${options.lock ? sql`FOR UPDATE` : sql``}`.execute(db);
      return result.rows[0];
    },

    /** The queue row a moderator's action on something never reported needs (closed until the action says otherwise). */
    async ensureSubject(type: ReportSubjectType, subjectId: string, ownerId: string, at: Date): Promise<void> {
      await sql`
        INSERT INTO moderation_subjects (subject_type, subject_id, owner_id, status, first_reported_at, updated_at)
        VALUES (${type}, ${subjectId}, ${ownerId}, 'closed', ${at}, ${at})
        ON CONFLICT (subject_type, subject_id) DO NOTHING`.execute(db);
    },

    async updateSubject(
      type: ReportSubjectType,
      subjectId: string,
      changes: {
        status?: ModerationStatus;
        decision?: { action: ModerationDecision; reason: string; at: Date };
        appealedAt?: Date | null;
        appealDecidedAt?: Date | null;
        at: Date;
      },
    ): Promise<void> {
      await db
        .updateTable('moderation_subjects')
        .set({
          updated_at: changes.at,
          ...(changes.status ? { status: changes.status } : {}),
          ...(changes.decision ? { decision: changes.decision.action, decision_reason: changes.decision.reason, decided_at: changes.decision.at } : {}),
          ...(changes.appealedAt !== undefined ? { appealed_at: changes.appealedAt } : {}),
          ...(changes.appealDecidedAt !== undefined ? { appeal_decided_at: changes.appealDecidedAt } : {}),
        })
        .where('subject_type', '=', type)
        .where('subject_id', '=', subjectId)
        .execute();
    },

    async appendEvent(input: {
      type: ReportSubjectType;
      subjectId: string;
      actorId: string | null;
      action: string;
      reason: string | null;
      until?: Date | null;
      decidesAppeal?: boolean;
      at: Date;
    }): Promise<EventRow> {
      const result = await sql<EventRow>`
        WITH e AS (
          INSERT INTO moderation_events (subject_type, subject_id, actor_id, action, reason, until, decides_appeal, created_at)
          VALUES (${input.type}, ${input.subjectId}, ${input.actorId}, ${input.action}, ${input.reason}, ${input.until ?? null}, ${input.decidesAppeal ?? false}, ${input.at})
          RETURNING *
        )
        SELECT e.id, e.subject_type, e.subject_id, e.action, e.reason, e.until, e.created_at, e.decides_appeal, u.username AS actor_username
        FROM e LEFT JOIN users u ON u.id = e.actor_id`.execute(db);
      return result.rows[0]!;
    },

    async events(type: ReportSubjectType, subjectId: string): Promise<EventRow[]> {
      const result = await sql<EventRow>`
        SELECT e.id, e.subject_type, e.subject_id, e.action, e.reason, e.until, e.created_at, e.decides_appeal, u.username AS actor_username
        FROM moderation_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.subject_type = ${type} AND e.subject_id = ${subjectId}
        ORDER BY e.id`.execute(db);
      return result.rows;
    },

    /** A subject's reports, newest first (the most a desk page shows). */
    async reportsOfSubject(type: ReportSubjectType, subjectId: string, limit: number): Promise<SubjectReportRow[]> {
      const result = await sql<SubjectReportRow>`
        SELECT r.id, r.reason, r.details, r.status, r.outcome, r.created_at, r.decided_at, u.username AS reporter_username, r.reporter_email
        FROM reports r LEFT JOIN users u ON u.id = r.reporter_id
        WHERE r.subject_type = ${type} AND r.subject_id = ${subjectId}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    // Subjects as their owners see them, for moderators ------------------------------------------

    async userById(id: string): Promise<UserContentRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'full_name', 'bio', 'avatar_key', 'is_verified', 'role', 'email', 'created_at', 'suspended_until', 'followers_count', 'following_count', 'posts_count'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async userByUsername(username: string): Promise<UserContentRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'full_name', 'bio', 'avatar_key', 'is_verified', 'role', 'email', 'created_at', 'suspended_until', 'followers_count', 'following_count', 'posts_count'])
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    /** A post, comment, story or message with its owner, whatever its state. */
    async content(type: ContentType, id: string): Promise<ContentRow | undefined> {
      const nulls = (names: string[]) => sql.raw(names.map((name) => `NULL AS ${name}`).join(', '));
      const reason = moderationReasonSql(type, 'x');
      let query: RawBuilder<ContentRow>;
      if (type === 'post') {
        query = sql<ContentRow>`
          SELECT x.id, x.user_id AS owner_id, x.moderation, ${reason} AS moderation_reason, x.created_at, x.description AS text,
            x.slug, x.id AS post_id, ${nulls(['audience', 'kind', 'image_key', 'video_key', 'poster_key', 'highlighted_at', 'recipient_username'])},
            o.username AS owner_username, o.email AS owner_email
          FROM posts x JOIN users o ON o.id = x.user_id WHERE x.id = ${id}`;
      } else if (type === 'comment') {
        query = sql<ContentRow>`
          SELECT x.id, x.user_id AS owner_id, x.moderation, ${reason} AS moderation_reason, x.created_at, x.text,
            p.slug, x.post_id, ${nulls(['audience', 'kind', 'image_key', 'video_key', 'poster_key', 'highlighted_at', 'recipient_username'])},
            o.username AS owner_username, o.email AS owner_email
          FROM comments x JOIN posts p ON p.id = x.post_id JOIN users o ON o.id = x.user_id WHERE x.id = ${id}`;
      } else if (type === 'story') {
        query = sql<ContentRow>`
          SELECT x.id, x.user_id AS owner_id, x.moderation, ${reason} AS moderation_reason, x.created_at, NULL AS text,
            NULL AS slug, NULL AS post_id, x.audience, x.kind, x.image_key, x.video_key, x.poster_key, x.highlighted_at, NULL AS recipient_username,
            o.username AS owner_username, o.email AS owner_email
          FROM stories x JOIN users o ON o.id = x.user_id WHERE x.id = ${id}`;
      } else {
        query = sql<ContentRow>`
          SELECT x.id, x.sender_id AS owner_id, x.moderation, ${reason} AS moderation_reason, x.created_at, x.text,
            ${nulls(['slug', 'post_id', 'audience', 'kind', 'image_key', 'video_key', 'poster_key', 'highlighted_at'])}, r.username AS recipient_username,
            o.username AS owner_username, o.email AS owner_email
          FROM messages x JOIN users o ON o.id = x.sender_id JOIN users r ON r.id = x.recipient_id WHERE x.id = ${id}`;
      }
      return (await query.execute(db)).rows[0];
    },

    // What decisions do --------------------------------------------------------------------------

    /** Sets a content item's moderation state ('pending', 'removed' or null); returns the state it had. */
    async setModeration(type: ContentType, id: string, value: Moderation | null, options: { onlyIfClear?: boolean } = {}): Promise<{ before: Moderation | null } | undefined> {
      const table = sql.table(CONTENT_TABLES[type]);
      const result = await sql<{ before: Moderation | null }>`
        UPDATE ${table} AS x SET moderation = ${value}
        FROM (SELECT id, moderation FROM ${table} WHERE id = ${id} FOR UPDATE) AS old
        WHERE x.id = old.id ${options.onlyIfClear ? sql`AND old.moderation IS NULL` : sql``}
        RETURNING old.moderation AS before`.execute(db);
      return result.rows[0];
    },

    /** Suspends an account until `until` (null lifts it). */
    async setSuspension(userId: string, until: Date | null, at: Date): Promise<void> {
      await db.updateTable('users').set({ suspended_until: until, updated_at: at }).where('id', '=', userId).execute();
    },

    // The owner's view of decisions about their things ---------------------------------------------

    async decisionsOf(ownerId: string, limit: number, after?: { at: string; id: string }): Promise<DecisionRow[]> {
      const keyset = after ? sql`AND (ms.decided_at, ms.subject_id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await sql<DecisionRow>`
        SELECT ${subjectColumns}, ms.decided_at::text AS cursor_at, ${previewColumns},
          coalesce(p.moderation, c.moderation, st.moderation, msg.moderation) AS content_moderation,
          su.suspended_until
        FROM moderation_subjects ms
        ${previewJoins}
        WHERE ms.owner_id = ${ownerId} AND ms.decision IS NOT NULL ${keyset}
        ORDER BY ms.decided_at DESC, ms.subject_id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
