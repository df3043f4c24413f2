import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.

const OLD_TYPES = `'like', 'comment', 'reply', 'mention', 'follow', 'story_reply'`;
const NEW_TYPES = `${OLD_TYPES}, 'report_decided', 'moderation_decision'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The decision its owner was told (what, why, when) and where their one appeal stands: the owner's
  // view of a taken-down item and the list of decisions read these, not the event history.
  await sql`
    ALTER TABLE moderation_subjects
      ADD COLUMN decision text CHECK (decision IN ('dismiss', 'takedown', 'restore', 'suspend', 'unsuspend')),
      ADD COLUMN decision_reason text,
      ADD COLUMN decided_at timestamptz,
      ADD COLUMN appeal_decided_at timestamptz`.execute(db);
  await sql`CREATE INDEX moderation_decisions_of_owner ON moderation_subjects (owner_id, decided_at DESC, subject_id) WHERE decision IS NOT NULL`.execute(db);

  // A decision taken while an appeal was pending answers it, and is final.
  await sql`ALTER TABLE moderation_events ADD COLUMN decides_appeal boolean NOT NULL DEFAULT false`.execute(db);

  // A guest's open report of a subject, by their contact address, is one too: reporting again returns it.
  await sql`
    CREATE UNIQUE INDEX reports_open_once_guest ON reports (lower(reporter_email), subject_type, subject_id)
    WHERE status = 'open' AND reporter_id IS NULL`.execute(db);
  // The open reports of a subject, resolved together by a decision.
  await sql`CREATE INDEX reports_open_of_subject ON reports (subject_type, subject_id) WHERE status = 'open'`.execute(db);

  // Lines from WAG itself: a moderator decided on a report, or on the recipient's own content or
  // account. They have no actor (moderators stay anonymous); the decision is the event they point at.
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${NEW_TYPES}))`).execute(db);
  await sql`ALTER TABLE notifications ALTER COLUMN actor_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN moderation_event_id bigint REFERENCES moderation_events(id)`.execute(db);
  await sql`
    ALTER TABLE notifications ADD CONSTRAINT notifications_actor_or_decision
    CHECK ((type IN ('report_decided', 'moderation_decision')) = (moderation_event_id IS NOT NULL)
           AND (actor_id IS NOT NULL OR moderation_event_id IS NOT NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notifications WHERE type IN ('report_decided', 'moderation_decision')`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_actor_or_decision`.execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN moderation_event_id`.execute(db);
  await sql`ALTER TABLE notifications ALTER COLUMN actor_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${OLD_TYPES}))`).execute(db);
  await sql`DROP INDEX IF EXISTS reports_open_of_subject`.execute(db);
  await sql`DROP INDEX IF EXISTS reports_open_once_guest`.execute(db);
  await sql`ALTER TABLE moderation_events DROP COLUMN decides_appeal`.execute(db);
  await sql`DROP INDEX IF EXISTS moderation_decisions_of_owner`.execute(db);
  await sql`
    ALTER TABLE moderation_subjects
      DROP COLUMN decision, DROP COLUMN decision_reason, DROP COLUMN decided_at, DROP COLUMN appeal_decided_at`.execute(db);
}
