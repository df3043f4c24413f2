import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Notifications. Likes of one thing share one row per recipient (group_key 'like:post:<id>'),
  // updated in place with the latest actor and how many people like it, so a popular post is one
  // line ("ana y 12 personas más") and costs one row, not one per like. Follows are keyed per actor
  // so following again does not stack up rows.
  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      actor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('like', 'comment', 'reply', 'mention', 'follow', 'story_reply')),
      post_id uuid REFERENCES posts(id) ON DELETE CASCADE,
      comment_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      story_id uuid REFERENCES stories(id) ON DELETE CASCADE,
      group_key text,
      actors_count integer NOT NULL DEFAULT 1,
      text text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX notifications_group ON notifications (recipient_id, group_key) WHERE group_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX notifications_recipient ON notifications (recipient_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread ON notifications (recipient_id) WHERE read_at IS NULL`.execute(db);

  // One conversation per pair of people; each side has its own membership: whether it is an accepted
  // conversation or a message request, what it has read, and whether it deleted the chat for itself.
  await sql`
    CREATE TABLE conversations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_low uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_high uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_low < user_high),
      UNIQUE (user_low, user_high)
    )`.execute(db);
  await sql`
    CREATE TABLE conversation_members (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      other_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('active', 'request', 'rejected')),
      listed boolean NOT NULL DEFAULT true,
      last_message_id uuid,
      last_message_at timestamptz,
      cleared_at timestamptz,
      last_read_at timestamptz,
      unread_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, other_id)
    )`.execute(db);
  await sql`
    CREATE INDEX conversation_members_list ON conversation_members (user_id, status, last_message_at DESC, conversation_id DESC)
    WHERE listed`.execute(db);

  await sql`ALTER TABLE messages ADD COLUMN conversation_id uuid REFERENCES conversations(id) ON DELETE CASCADE`.execute(db);
  // Story replies written before conversations existed become conversations.
  await sql`
    INSERT INTO conversations (user_low, user_high, created_at)
    SELECT least(sender_id, recipient_id), greatest(sender_id, recipient_id), min(created_at)
    FROM messages GROUP BY 1, 2`.execute(db);
  await sql`
    UPDATE messages m SET conversation_id = c.id
    FROM conversations c
    WHERE c.user_low = least(m.sender_id, m.recipient_id) AND c.user_high = greatest(m.sender_id, m.recipient_id)`.execute(db);
  await sql`
    INSERT INTO conversation_members (user_id, other_id, conversation_id, status, last_message_id, last_message_at, unread_count)
    SELECT side.user_id, side.other_id, c.id,
      CASE WHEN EXISTS (SELECT 1 FROM messages s WHERE s.conversation_id = c.id AND s.sender_id = side.user_id)
             OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = side.user_id AND f.followee_id = side.other_id)
           THEN 'active' ELSE 'request' END,
      last.id, last.created_at,
      (SELECT count(*) FROM messages u WHERE u.conversation_id = c.id AND u.recipient_id = side.user_id AND u.read_at IS NULL)
    FROM conversations c
    CROSS JOIN LATERAL (VALUES (c.user_low, c.user_high), (c.user_high, c.user_low)) AS side(user_id, other_id)
    CROSS JOIN LATERAL (
      SELECT id, created_at FROM messages l WHERE l.conversation_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) last`.execute(db);
  await sql`ALTER TABLE messages ALTER COLUMN conversation_id SET NOT NULL`.execute(db);
  await sql`CREATE INDEX messages_conversation ON messages (conversation_id, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_conversation`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN IF EXISTS conversation_id`.execute(db);
  await sql`DROP TABLE IF EXISTS conversation_members`.execute(db);
  await sql`DROP TABLE IF EXISTS conversations`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
}
