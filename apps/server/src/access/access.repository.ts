import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { messageMediaFactsSql, postFactsSql, storyFactsSql } from './filters.js';
import type { MessageMediaFacts, PostFacts, StoryFacts } from './rules.js';

/** What a media folder belongs to, with the access rules' facts about it and the viewer. */
export type MediaSubject =
  | ({ kind: 'post' } & PostFacts)
  | ({ kind: 'story' } & StoryFacts)
  | { kind: 'avatar'; user_id: string; suspended: boolean }
  /** `in_review`: a report put the message before the moderators. */
  | ({ kind: 'message'; in_review: boolean } & MessageMediaFacts);

export function createAccessRepository(db: Database) {
  return {
    /**
     * The item a media folder (`u/…` or `r/…`) belongs to and its facts for the viewer, in one query
     * over the folder columns of post media, stories, avatars and message media; undefined when no row names the
     * folder (deleted, or never committed).
     */
    async mediaSubject(folderKey: string, viewerId: string | null, now: Date): Promise<MediaSubject | undefined> {
      const post = await sql<{ kind: 'post' } & PostFacts>`
        SELECT 'post' AS kind, ${postFactsSql(viewerId, now, 'p')}
        FROM post_media m JOIN posts p ON p.id = m.post_id
        WHERE m.folder_key = ${folderKey}
        LIMIT 1`.execute(db);
      if (post.rows[0]) return post.rows[0];
      const story = await sql<{ kind: 'story' } & StoryFacts>`
        SELECT 'story' AS kind, ${storyFactsSql(viewerId, now, 's')}
        FROM stories s
        WHERE s.folder_key = ${folderKey}
        LIMIT 1`.execute(db);
      if (story.rows[0]) return story.rows[0];
      const avatar = await sql<{ kind: 'avatar'; user_id: string; suspended: boolean }>`
        SELECT 'avatar' AS kind, u.id AS user_id, (u.suspended_until > ${now}) IS TRUE AS suspended
        FROM users u WHERE u.avatar_key = ${folderKey}
        LIMIT 1`.execute(db);
      if (avatar.rows[0]) return avatar.rows[0];
      const message = await sql<{ kind: 'message'; in_review: boolean } & MessageMediaFacts>`
        SELECT 'message' AS kind, ${messageMediaFactsSql(viewerId, 'msg', 'mm')},
          EXISTS (SELECT 1 FROM moderation_subjects ms WHERE ms.subject_type = 'message' AND ms.subject_id = msg.id) AS in_review
        FROM message_media mm JOIN messages msg ON msg.id = mm.message_id
        WHERE mm.folder_key = ${folderKey}
        LIMIT 1`.execute(db);
      return message.rows[0];
    },

    /** Whether the account may see every file (moderators reviewing reported content). */
    async isModerator(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
      return row?.role === 'moderator' || row?.role === 'admin';
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
