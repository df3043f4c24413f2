import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Settings the server keeps for itself, such as the signing secret generated on first start when
  // APP_SECRET is not given: every process on this database then signs alike, across restarts.
  await sql`
    CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Which item a media folder belongs to, for the media route (who may see this file?) and for the
  // sweep of folders no row points at. Every file of one post media item or story lives in one
  // folder, so the folder is read off whichever key is set.
  const folderOf = (columns: string) =>
    sql.raw(`substring(coalesce(${columns}) from '^[ur]/[a-z0-9]{20}')`);
  await sql`
    ALTER TABLE post_media ADD COLUMN folder_key text
      GENERATED ALWAYS AS (${folderOf('image_key, video_key, poster_key, thumb_key')}) STORED`.execute(db);
  await sql`CREATE INDEX post_media_folder ON post_media (folder_key) WHERE folder_key IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE stories ADD COLUMN folder_key text
      GENERATED ALWAYS AS (${folderOf('image_key, video_key, poster_key')}) STORED`.execute(db);
  await sql`CREATE INDEX stories_folder ON stories (folder_key) WHERE folder_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX users_avatar_key ON users (avatar_key) WHERE avatar_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_avatar_key`.execute(db);
  await sql`ALTER TABLE stories DROP COLUMN IF EXISTS folder_key`.execute(db);
  await sql`ALTER TABLE post_media DROP COLUMN IF EXISTS folder_key`.execute(db);
  await sql`DROP TABLE IF EXISTS app_settings`.execute(db);
}
