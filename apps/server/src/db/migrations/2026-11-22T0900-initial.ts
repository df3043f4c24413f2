import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      full_name text,
      bio text,
      phone text,
      birth_date date NOT NULL,
      avatar_key text,
      is_verified boolean NOT NULL DEFAULT false,
      featured_rank integer,
      followers_count integer NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
      following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
      posts_count integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_featured ON users (featured_rank) WHERE featured_rank IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id, last_seen_at DESC)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      throttle_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_key ON login_failures (throttle_key, created_at)`.execute(db);

  await sql`
    CREATE TABLE follows (
      follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      followee_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (follower_id, followee_id),
      CHECK (follower_id <> followee_id)
    )`.execute(db);
  await sql`CREATE INDEX follows_followee ON follows (followee_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX follows_follower ON follows (follower_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE posts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      post_type text NOT NULL CHECK (post_type IN ('grid', 'quicky', 'vip')),
      content_type text NOT NULL CHECK (content_type IN ('image', 'video')),
      visibility text NOT NULL CHECK (visibility IN ('public', 'followers', 'subscribers')),
      title text,
      description text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'ready' CHECK (status IN ('processing', 'ready', 'failed')),
      failure_reason text,
      likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      views_count integer NOT NULL DEFAULT 0 CHECK (views_count >= 0),
      comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX posts_user_created ON posts (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX posts_type_created ON posts (post_type, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE post_media (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      position integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('image', 'video')),
      width integer,
      height integer,
      duration_ms integer,
      image_key text,
      thumb_key text,
      video_key text,
      poster_key text,
      UNIQUE (post_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE post_likes (
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (post_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX post_likes_user ON post_likes (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      parent_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      text text NOT NULL,
      likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX comments_post_created ON comments (post_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX comments_parent ON comments (parent_id, created_at) WHERE parent_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE comment_likes (
      comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (comment_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE story_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX story_groups_user ON story_groups (user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE stories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      audience text NOT NULL CHECK (audience IN ('public', 'followers', 'subscribers')),
      kind text NOT NULL CHECK (kind IN ('image', 'video')),
      width integer,
      height integer,
      duration_ms integer,
      image_key text,
      video_key text,
      poster_key text,
      status text NOT NULL DEFAULT 'ready' CHECK (status IN ('processing', 'ready', 'failed')),
      highlighted_at timestamptz,
      group_id uuid REFERENCES story_groups(id) ON DELETE SET NULL,
      views_count integer NOT NULL DEFAULT 0 CHECK (views_count >= 0),
      likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX stories_user_created ON stories (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX stories_created ON stories (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE story_views (
      story_id uuid NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      viewer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (story_id, viewer_id)
    )`.execute(db);
  await sql`CREATE INDEX story_views_story_time ON story_views (story_id, viewed_at DESC)`.execute(db);

  await sql`
    CREATE TABLE story_likes (
      story_id uuid NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (story_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'story_likes', 'story_views', 'stories', 'story_groups', 'comment_likes', 'comments',
    'post_likes', 'post_media', 'posts', 'follows', 'login_failures', 'sessions', 'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
