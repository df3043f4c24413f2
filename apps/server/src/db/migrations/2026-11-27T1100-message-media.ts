import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A photo or a video a direct message carries (one at most). Its files live in a restricted media
  // folder the media route serves only to the two people of the conversation (access/media-access.ts).
  // A video is 'processing' until its transcode job makes it 'ready'. The sender's reference goes with
  // their account (the message itself stays with the other person as "Cuenta eliminada", without the
  // file, which the storage sweep then removes). client_key makes a retried upload answer the message
  // the first attempt wrote instead of sending it twice.
  await sql`
    CREATE TABLE message_media (
      message_id uuid PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
      sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('image', 'video')),
      status text NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
      width integer,
      height integer,
      duration_ms integer,
      image_key text,
      video_key text,
      poster_key text,
      failure_reason text,
      client_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      folder_key text GENERATED ALWAYS AS (substring(coalesce(image_key, video_key, poster_key) from '^[ur]/[a-z0-9]{20}')) STORED
    )`.execute(db);
  await sql`CREATE INDEX message_media_folder ON message_media (folder_key) WHERE folder_key IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX message_media_client_key ON message_media (sender_id, client_key) WHERE client_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX message_media_sender ON message_media (sender_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS message_media`.execute(db);
}
