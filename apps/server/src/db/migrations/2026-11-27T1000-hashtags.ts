import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.

// The hashtag rule of 2026-11-27 (packages/contract/src/tags-rules.ts then), copied so this
// migration keeps doing what it did when the rule changes.
const TOKEN = /(^|[^\p{L}\p{M}\p{N}_@#$%&*+=/\\-])#([\p{L}\p{M}\p{N}_]+)/gu;
function normalizeTag(raw: string): string | null {
  const tag = raw.replace(/^#/, '').normalize('NFC').toLowerCase();
  if (tag.length === 0 || tag.length > 50) return null;
  if (!/^[\p{L}\p{M}\p{N}_]+$/u.test(tag) || !/\p{L}/u.test(tag)) return null;
  return tag;
}

/** The post's tags after the rule: its own ones that fit, then those of its title and caption; at most 30. */
function tagsOf(row: { title: string | null; description: string; tags: string[] }): string[] {
  const found = new Set<string>();
  for (const raw of row.tags) {
    const tag = normalizeTag(raw);
    if (tag) found.add(tag);
  }
  for (const text of [row.title ?? '', row.description]) {
    for (const match of text.matchAll(TOKEN)) {
      const tag = normalizeTag(match[2] ?? '');
      if (tag) found.add(tag);
    }
  }
  return [...found].slice(0, 30);
}

const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The posts of one tag (GET /api/tags/{tag}): posts.tags @> ARRAY[tag].
  await sql`CREATE INDEX posts_tags ON posts USING gin (tags)`.execute(db);

  // Existing posts: tags lower-cased and in NFC, and the hashtags of their captions added, so a
  // hashtag written before today opens the same page as one written after.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string | null; description: string; tags: string[] }>`
      SELECT id, title, description, tags FROM posts WHERE id > ${after}::uuid ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const tags = tagsOf(row);
      if (tags.length !== row.tags.length || tags.some((tag, index) => tag !== row.tags[index])) {
        await sql`UPDATE posts SET tags = ${tags}::text[] WHERE id = ${row.id}::uuid`.execute(db);
      }
    }
    after = rows[rows.length - 1]!.id;
  }

  // Tags for suggestions, each with the number of posts anyone can find under it: ready, not held or
  // taken down by moderation, and not followers-only (VIP posts are listed to everyone, locked). A
  // tag used only in followers-only posts is never suggested. Blocks and suspensions are the
  // viewer's own matter and are left to the tag page, which asks the access rules.
  await sql`
    CREATE TABLE hashtags (
      tag text PRIMARY KEY,
      posts_count integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0)
    )`.execute(db);
  // Suggestions by prefix, the most used first.
  await sql`CREATE INDEX hashtags_prefix ON hashtags (tag text_pattern_ops)`.execute(db);
  await sql`
    INSERT INTO hashtags (tag, posts_count)
    SELECT t, count(*)::int FROM posts p, unnest(p.tags) t
    WHERE p.status = 'ready' AND p.moderation IS NULL AND p.visibility <> 'followers'
    GROUP BY t`.execute(db);

  // Kept by the database on every write of posts, whatever code makes it (uploads, the video job,
  // moderation, deletion, account deletion, the demo world's bulk insert), in the same transaction.
  // Rows are touched in tag order so that two posts sharing tags never wait on each other in turn.
  await sql`
    CREATE FUNCTION wag_hashtag_counts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_LEVEL = 'ROW' THEN
        IF OLD.status = 'ready' AND OLD.moderation IS NULL AND OLD.visibility <> 'followers' THEN
          UPDATE hashtags h SET posts_count = greatest(h.posts_count - 1, 0)
          FROM (SELECT DISTINCT t FROM unnest(OLD.tags) t ORDER BY t) d WHERE h.tag = d.t;
        END IF;
        IF NEW.status = 'ready' AND NEW.moderation IS NULL AND NEW.visibility <> 'followers' THEN
          INSERT INTO hashtags (tag, posts_count)
          SELECT DISTINCT t, 1 FROM unnest(NEW.tags) t ORDER BY t
          ON CONFLICT (tag) DO UPDATE SET posts_count = hashtags.posts_count + 1;
        END IF;
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        INSERT INTO hashtags (tag, posts_count)
        SELECT t, count(DISTINCT n.id)::int FROM new_rows n, unnest(n.tags) t
        WHERE n.status = 'ready' AND n.moderation IS NULL AND n.visibility <> 'followers'
        GROUP BY t ORDER BY t
        ON CONFLICT (tag) DO UPDATE SET posts_count = hashtags.posts_count + EXCLUDED.posts_count;
      ELSE
        UPDATE hashtags h SET posts_count = greatest(h.posts_count - d.n, 0)
        FROM (
          SELECT t, count(DISTINCT o.id)::int AS n FROM old_rows o, unnest(o.tags) t
          WHERE o.status = 'ready' AND o.moderation IS NULL AND o.visibility <> 'followers'
          GROUP BY t
        ) d
        WHERE h.tag = d.t;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER posts_hashtag_counts_insert AFTER INSERT ON posts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_hashtag_counts()`.execute(db);
  await sql`
    CREATE TRIGGER posts_hashtag_counts_delete AFTER DELETE ON posts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_hashtag_counts()`.execute(db);
  await sql`
    CREATE TRIGGER posts_hashtag_counts_update AFTER UPDATE OF tags, status, visibility, moderation ON posts
    FOR EACH ROW WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.status IS DISTINCT FROM NEW.status
                       OR OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.moderation IS DISTINCT FROM NEW.moderation)
    EXECUTE FUNCTION wag_hashtag_counts()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS posts_hashtag_counts_update ON posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_hashtag_counts_delete ON posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_hashtag_counts_insert ON posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_hashtag_counts()`.execute(db);
  await sql`DROP TABLE IF EXISTS hashtags`.execute(db);
  await sql`DROP INDEX IF EXISTS posts_tags`.execute(db);
}
