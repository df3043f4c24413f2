import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The master playlist of a video's HLS ladder (in the video's own folder), set once every rung of
  // the ladder is in place; null while it is rendered, and for images.
  await sql`ALTER TABLE post_media ADD COLUMN stream_key text`.execute(db);
  // Videos made before the ladder existed get theirs from the worker, as new ones do.
  await sql`
    INSERT INTO jobs (name, data)
    SELECT 'video.ladder', jsonb_build_object('postId', m.post_id, 'videoKey', m.video_key)
    FROM post_media m JOIN posts p ON p.id = m.post_id
    WHERE m.kind = 'video' AND m.position = 0 AND m.video_key IS NOT NULL AND p.status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM jobs WHERE name = 'video.ladder'`.execute(db);
  await sql`ALTER TABLE post_media DROP COLUMN stream_key`.execute(db);
}
