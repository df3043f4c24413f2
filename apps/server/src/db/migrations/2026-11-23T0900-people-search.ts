import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lower-cased, accent-free text for people search ("jose" finds "José"). unaccent() itself is not
  // IMMUTABLE (its dictionary could change), so it is wrapped with the dictionary named: that lets
  // trigram indexes cover substring searches on usernames and names.
  await sql`
    CREATE FUNCTION wag_search_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`.execute(db);
  await sql`CREATE INDEX users_username_search ON users USING gin (wag_search_text(username) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_full_name_search ON users USING gin (wag_search_text(full_name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_full_name_search`.execute(db);
  await sql`DROP INDEX IF EXISTS users_username_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_search_text(text)`.execute(db);
}
