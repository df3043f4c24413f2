import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What post search matches: Spanish word forms ("playas" finds "playa", "bailando" finds
  // "bailar") over accent-free, lower-cased text, so "cancion" finds "Canción". Title weighs most,
  // then tags, then the description. The 'spanish' configuration ships with PostgreSQL and PGlite.
  // IMMUTABLE holds because the configuration and the unaccent dictionary are named explicitly.
  await sql`
    CREATE FUNCTION wag_post_document(title text, description text, tags text[]) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT setweight(to_tsvector('pg_catalog.spanish'::regconfig, public.wag_search_text(coalesce(title, ''))), 'A')
          || setweight(to_tsvector('pg_catalog.spanish'::regconfig, public.wag_search_text(array_to_string(coalesce(tags, '{}'), ' '))), 'B')
          || setweight(to_tsvector('pg_catalog.spanish'::regconfig, public.wag_search_text(coalesce(description, ''))), 'C')
    $$`.execute(db);
  // Search filters on the first media's shape and length (orientation, HD, video duration). Kept on
  // the post itself so that a search reads one row per candidate instead of joining post_media for
  // each of the thousands it may look at. A trigger keeps them in step with every write of the first
  // media (uploads, the video job filling in dimensions), whatever code does the write.
  await sql`ALTER TABLE posts ADD COLUMN media_width integer, ADD COLUMN media_height integer, ADD COLUMN media_duration_ms integer`.execute(db);
  await sql`
    UPDATE posts p SET media_width = m.width, media_height = m.height, media_duration_ms = m.duration_ms
    FROM post_media m WHERE m.post_id = p.id AND m.position = 0`.execute(db);
  // (Columns filled before the generated column below is added: adding it rewrites the table once,
  // after the backfill, so the rewrite copies only live rows.)
  // Stored rather than an expression index: ranking reads the vector of every match, and
  // recomputing it per row would cost far more than the disk it takes. Every write path stays as
  // it is: PostgreSQL keeps the column in step with title, description and tags.
  await sql`
    ALTER TABLE posts ADD COLUMN search_document tsvector
      GENERATED ALWAYS AS (wag_post_document(title, description, tags)) STORED`.execute(db);
  await sql`CREATE INDEX posts_search_document ON posts USING gin (search_document)`.execute(db);
  // Browsing and sorting search results without a text: newest first, or most liked first.
  await sql`CREATE INDEX posts_ready_created ON posts (created_at DESC, id DESC) WHERE status = 'ready'`.execute(db);
  await sql`CREATE INDEX posts_ready_popular ON posts (likes_count DESC, created_at DESC, id DESC) WHERE status = 'ready'`.execute(db);
  // The models list without a text: the most followed people first.
  await sql`CREATE INDEX users_followers ON users (followers_count DESC, id)`.execute(db);

  // The trigger keeping the media columns in step with every later write of the first media.
  await sql`
    CREATE FUNCTION wag_post_media_facets() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF NEW.position = 0 THEN
        UPDATE posts SET media_width = NEW.width, media_height = NEW.height, media_duration_ms = NEW.duration_ms
        WHERE id = NEW.post_id
          AND (media_width, media_height, media_duration_ms) IS DISTINCT FROM (NEW.width, NEW.height, NEW.duration_ms);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER post_media_facets AFTER INSERT OR UPDATE OF position, width, height, duration_ms ON post_media
    FOR EACH ROW EXECUTE FUNCTION wag_post_media_facets()`.execute(db);

  // Names folded by wag_search_text (lower case, no accents), stored: folding costs a call to
  // unaccent, and a common name matches thousands of people, each folded again to check the match
  // and to order the results. Every name search (people, follower lists, conversations, search)
  // reads these columns; trigram indexes cover substrings, pattern indexes the one- and two-letter
  // prefixes that trigrams cannot. They replace the expression indexes of 2026-11-23T0900.
  await sql`
    ALTER TABLE users
      ADD COLUMN search_username text GENERATED ALWAYS AS (wag_search_text(username)) STORED,
      ADD COLUMN search_full_name text GENERATED ALWAYS AS (wag_search_text(full_name)) STORED`.execute(db);
  await sql`CREATE INDEX users_search_username_trgm ON users USING gin (search_username gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_search_full_name_trgm ON users USING gin (search_full_name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_search_username_prefix ON users (search_username text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX users_search_full_name_prefix ON users (search_full_name text_pattern_ops)`.execute(db);
  await sql`DROP INDEX IF EXISTS users_username_search`.execute(db);
  await sql`DROP INDEX IF EXISTS users_full_name_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS users_username_search ON users USING gin (wag_search_text(username) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS users_full_name_search ON users USING gin (wag_search_text(full_name) gin_trgm_ops)`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS search_full_name, DROP COLUMN IF EXISTS search_username`.execute(db);
  await sql`DROP TRIGGER IF EXISTS post_media_facets ON post_media`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_post_media_facets()`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS media_duration_ms, DROP COLUMN IF EXISTS media_height, DROP COLUMN IF EXISTS media_width`.execute(db);
  await sql`DROP INDEX IF EXISTS users_followers`.execute(db);
  await sql`DROP INDEX IF EXISTS posts_ready_popular`.execute(db);
  await sql`DROP INDEX IF EXISTS posts_ready_created`.execute(db);
  await sql`DROP INDEX IF EXISTS posts_search_document`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS search_document`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_post_document(text, text, text[])`.execute(db);
}
