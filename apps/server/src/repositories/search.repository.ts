import { CUSTOM_PLAN } from '../db/prepared-statements.js';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { QuickyRow } from './posts.repository.js';
import { nameSearch } from './search-text.js';
import { followsSql, personVisibleSql, postListedSql } from '../access/filters.js';
import { listedPostRows, type FoundPage } from './listed-post-rows.js';
import { shownInSearchSql } from './preferences.repository.js';

/** Search plans depend on the words and tags asked for: planned afresh each time (db/prepared-statements.ts). */
const customPlan = sql.raw(CUSTOM_PLAN);

export type PostSearchOrder = 'relevance' | 'recent' | 'popular';

/** Where the previous page ended, in the sort key of its order. */
export type PostSearchAfter =
  | { order: 'relevance'; rank: string; at: string; id: string }
  | { order: 'recent'; at: string; id: string }
  | { order: 'popular'; likes: number; at: string; id: string };

export interface PostSearch {
  viewerId: string | null;
  now: Date;
  /** The words to find, each in one or more forms (any of which matches); null browses every post that passes the filters. */
  words: string[][] | null;
  order: PostSearchOrder;
  /** quicky: post_type quicky; image: image posts of any type. */
  kind?: 'quicky' | 'image';
  orientation?: 'horizontal' | 'vertical';
  hd: boolean;
  /** Only videos at most this long. */
  maxDurationMs?: number;
  after?: PostSearchAfter;
  limit: number;
  /** How many posts relevance (RELEVANCE_WALK) or another order with a text (PAGE_WALK) walks before it reads the text index, unless given. */
  walk?: number;
}

export interface PostSearchRow extends QuickyRow {
  /** ts_rank as PostgreSQL prints it (a real prints back exactly), for the relevance cursor. */
  rank: string | null;
}

export interface PersonSearchRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  followers_count: number;
  is_followed_by_me: boolean;
}

/** The first media's shorter side from this many pixels up counts as HD. */
const HD_MIN_SIDE = 720;
/** How many of the newest matches relevance ranks (see posts()). */
export const RELEVANCE_WINDOW = 500;
/** How many of the newest posts relevance walks for the newest matches of a common word (see posts()). */
export const RELEVANCE_WALK = 50_000;
/**
 * How many posts a page sorted by date or likes walks in its own order before it asks the text
 * index (see posts()): a text found in more than one post in PAGE_WALK / page size is found by the
 * walk alone.
 */
export const PAGE_WALK = 1_000;

const formQuery = (form: string) => sql`plainto_tsquery('pg_catalog.spanish', wag_search_text(${form}))`;

/**
 * (form ∨ form …) ∧ (form ∨ …) as a tsquery. A word whose own form is a stop word ("con", "la")
 * drops out whole: its invented other form ("cones") would otherwise become a required word that
 * no stored document holds.
 */
function textQuery(words: string[][]): RawBuilder<unknown> {
  const anyForm = ([own = '', ...others]: string[]) =>
    others.length === 0
      ? formQuery(own)
      : sql`(CASE WHEN numnode(${formQuery(own)}) = 0 THEN ${formQuery(own)}
                  ELSE ${sql.join([own, ...others].map(formQuery), sql` || `)} END)`;
  return sql`(${sql.join(words.map(anyForm), sql` && `)})`;
}

export function createSearchRepository(db: Database) {
  return {
    /**
     * One page of posts for a search: full-text matches on the stored Spanish
     * document (or every post when browsing), narrowed by type, the first media's shape, quality
     * and length, and by audience — ready posts only; followers-only posts for the author's
     * followers and the author; VIP posts are listed and locked by the caller.
     */
    async posts(search: PostSearch): Promise<FoundPage<PostSearchRow>> {
      const { viewerId, now, words, after, limit } = search;
      // Every word (in any of its given forms) stemmed in Spanish over folded text, as in the stored
      // document. No prefix matching: PostgreSQL cannot estimate how many posts a prefix matches and
      // assumes many, so a rare or misspelt word would walk the whole created_at index instead of
      // the text index.
      const query: RawBuilder<unknown> | null = words?.length ? textQuery(words) : null;
      const order = search.order === 'relevance' && !query ? 'recent' : search.order;
      // Search finds published posts only (the owner's own processing ones included nowhere here),
      // and of those what the access rules list to the viewer; the followed ids are read once as an
      // array, which keeps the planner on its index walks.
      const conditions: RawBuilder<unknown>[] = [sql`p.status = 'ready'`, postListedSql(viewerId, now, 'p', { relations: 'array' })];
      if (query) conditions.push(sql`p.search_document @@ ${query}`);
      if (search.kind === 'quicky') conditions.push(sql`p.post_type = 'quicky'`);
      if (search.kind === 'image') conditions.push(sql`p.content_type = 'image'`);
      // The first media's shape and length, copied onto the post (migration 2026-11-23T1500-search).
      if (search.orientation === 'horizontal') conditions.push(sql`p.media_width > p.media_height`);
      if (search.orientation === 'vertical') conditions.push(sql`p.media_height > p.media_width`);
      if (search.hd) conditions.push(sql`least(p.media_width, p.media_height) >= ${HD_MIN_SIDE}`);
      if (search.maxDurationMs !== undefined) {
        conditions.push(sql`p.content_type = 'video' AND p.media_duration_ms <= ${search.maxDurationMs}`);
      }
      const where = (extra: RawBuilder<unknown> | null) => sql.join(extra ? [...conditions, extra] : conditions, sql` AND `);

      // The page's ids first, in order; the columns, the first media and the viewer's relation
      // are then read for those rows only.
      //
      // With a text, the posts holding it are first read from the text index alone, at most
      // RELEVANCE_WINDOW + 1 of them (`hits`). When that is all of them (a rare word), the page is
      // those rows filtered and sorted; otherwise (a common word) the newest posts are walked in
      // order until enough match every condition, which then takes few rows. Left to itself, the
      // planner chooses from word statistics, and for a word it has none for (a rare name, a
      // misspelling) it may walk every post in date order looking for matches that do not exist.
      const fewHits = sql`(SELECT count(*) FROM hits) <= ${RELEVANCE_WINDOW}`;
      const manyHits = sql`(SELECT count(*) FROM hits) > ${RELEVANCE_WINDOW}`;
      const hits = query
        ? sql`hits AS MATERIALIZED (
            SELECT p.* FROM posts p WHERE p.search_document @@ ${query} LIMIT ${RELEVANCE_WINDOW + 1}
          ),`
        : sql``;
      const newestFirst = sql`p.created_at DESC, p.id DESC`;
      const orderBy = order === 'popular' ? sql`p.likes_count DESC, ${newestFirst}` : newestFirst;
      let page: RawBuilder<unknown>;
      if (order === 'relevance' && query) {
        // Relevance ranks the newest RELEVANCE_WINDOW matches: a word found in a large share of
        // all posts would otherwise mean ranking hundreds of thousands of rows on every page.
        const keyset = after?.order === 'relevance'
          ? sql`WHERE (r.rank, r.created_at, r.id) < (${after.rank}::real, ${after.at}::timestamptz, ${after.id}::uuid)`
          : sql``;
        //
        // The newest matches of a common word are found by walking the newest posts in date order
        // (`walked`), at most RELEVANCE_WALK of them, and stopping at RELEVANCE_WINDOW matches: the
        // walk's LIMIT keeps the text test off the text index, which the planner would otherwise
        // choose for every match of a word found in a few percent of all posts (tens of thousands of
        // rows fetched and sorted). Only when the walk found fewer (a word rarer than one post in
        // RELEVANCE_WALK / RELEVANCE_WINDOW) are the newest matches read through the text index.
        const walked = sql`(SELECT count(*) FROM walked)`;
        page = sql`
          walked AS MATERIALIZED (
            SELECT p.id, p.created_at, p.search_document
            FROM (SELECT p.* FROM posts p WHERE p.status = 'ready' AND ${manyHits}
                  ORDER BY p.created_at DESC, p.id DESC LIMIT ${search.walk ?? RELEVANCE_WALK}) p
            WHERE ${where(null)}
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT ${RELEVANCE_WINDOW}
          ), matches AS MATERIALIZED (
            SELECT p.id, p.created_at, p.search_document FROM hits p WHERE ${where(fewHits)}
            UNION ALL
            SELECT w.id, w.created_at, w.search_document FROM walked w WHERE ${walked} = ${RELEVANCE_WINDOW}
            UNION ALL
            (SELECT p.id, p.created_at, p.search_document
             FROM posts p
             WHERE ${where(sql`${manyHits} AND ${walked} < ${RELEVANCE_WINDOW}`)}
             ORDER BY p.created_at DESC, p.id DESC
             LIMIT ${RELEVANCE_WINDOW})
          ), ranked AS MATERIALIZED (
            SELECT w.id, w.created_at, ts_rank(w.search_document, ${query}) AS rank FROM matches w
          ), page AS (
            SELECT r.id, r.rank FROM ranked r ${keyset}
            ORDER BY r.rank DESC, r.created_at DESC, r.id DESC
            LIMIT ${limit}
          )`;
      } else {
        const keyset =
          after?.order === 'popular'
            ? sql`(p.likes_count, p.created_at, p.id) < (${after.likes}::int, ${after.at}::timestamptz, ${after.id}::uuid)`
            : after?.order === 'recent'
              ? sql`(p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : null;
        const keyed = (extra: RawBuilder<unknown> | null) => (keyset && extra ? sql`${keyset} AND ${extra}` : (keyset ?? extra));
        const walk = (extra: RawBuilder<unknown> | null) => sql`
            SELECT p.id, NULL::real AS rank
            FROM posts p
            WHERE ${where(keyed(extra))}
            ORDER BY ${orderBy}
            LIMIT ${limit}`;
        if (!query) {
          page = sql`
          page AS (${walk(null)}
          )`;
        } else {
          // A text's page is found in three steps, each tried only when the one before did not fill
          // the page, so that its cost follows the page and not the number of posts holding the words:
          // 1. `walked`: the next PAGE_WALK posts in the order's own index (after the cursor), the
          //    text and the filters tested on each; a word found in more than one post in
          //    PAGE_WALK / limit fills the page here and the walk stops at `limit` matches. A walk
          //    that found fewer is not used (the next steps find the whole page).
          // 2. A rarer text: the posts holding it read from the text index alone, at most
          //    RELEVANCE_WINDOW + 1 (`hits`); when that is all of them, the page is those rows
          //    filtered and sorted.
          // 3. Otherwise (many matches, none among the next PAGE_WALK posts) the order's index is
          //    walked until the page is full, as before.
          const walkedCount = sql`(SELECT count(*) FROM walked)`;
          page = sql`
          walked AS MATERIALIZED (
            SELECT p.id FROM (
              SELECT p.* FROM posts p WHERE ${sql.join(keyset ? [sql`p.status = 'ready'`, keyset] : [sql`p.status = 'ready'`], sql` AND `)}
              ORDER BY ${orderBy}
              LIMIT ${search.walk ?? PAGE_WALK}) p
            WHERE ${where(null)}
            ORDER BY ${orderBy}
            LIMIT ${limit}
          ), page AS (
            SELECT w.id, NULL::real AS rank FROM walked w WHERE ${walkedCount} = ${limit}
            UNION ALL
            (SELECT p.id, NULL::real AS rank
             FROM hits p
             WHERE ${where(keyed(sql`${walkedCount} < ${limit} AND ${fewHits}`))}
             ORDER BY ${orderBy}
             LIMIT ${limit})
            UNION ALL
            (${walk(sql`${walkedCount} < ${limit} AND ${manyHits}`)})
          )`;
        }
      }
      const finalOrder = order === 'relevance' ? sql`k.rank DESC, ${newestFirst}` : orderBy;

      // The page's ids in order; then their rows (listedPostRows, a prepared statement).
      const found = await sql<{ id: string; rank: string | null }>`${customPlan}
        WITH ${hits} ${page}
        SELECT k.id, k.rank::text AS rank
        FROM page k
        JOIN posts p ON p.id = k.id
        ORDER BY ${finalOrder}`.execute(db);
      const ranks = new Map(found.rows.map((row) => [row.id, row.rank]));
      const rows = await listedPostRows(db, viewerId, now, found.rows.map((row) => row.id));
      return { rows: rows.map((row) => ({ ...row, rank: ranks.get(row.id) ?? null })), found: found.rows.length };
    },

    /**
     * People whose username or full name contains the text, ignoring case and accents (the
     * folded copies of migration 2026-11-23T1500-search and their indexes), in one query: an exact username first, then verified,
     * featured and names that start with the text, then the most followed. Without a text, the
     * featured creators and the most followed people.
     */
    async people(text: string | null, viewerId: string | null, now: Date, limit: number): Promise<PersonSearchRow[]> {
      const followed = followsSql(viewerId, sql.ref('u.id'));
      if (!text) {
        const result = await sql<PersonSearchRow>`${customPlan}
          SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified, u.followers_count, ${followed} AS is_followed_by_me
          FROM (
            (SELECT id FROM users WHERE featured_rank IS NOT NULL ORDER BY featured_rank LIMIT ${limit})
            UNION
            (SELECT id FROM users ORDER BY followers_count DESC, id LIMIT ${limit})
          ) k
          JOIN users u ON u.id = k.id
          WHERE ${personVisibleSql(viewerId, now, 'u')} AND (u.id = ${viewerId}::uuid OR ${shownInSearchSql(sql.ref('u.id'))})
          ORDER BY u.featured_rank IS NULL, u.featured_rank, u.followers_count DESC, lower(u.username)
          LIMIT ${limit}`.execute(db);
        return result.rows;
      }
      const { matches, startsWith } = nameSearch('u', text);
      const result = await sql<PersonSearchRow>`${customPlan}
        SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified, u.followers_count, ${followed} AS is_followed_by_me
        FROM users u
        WHERE ${matches} AND ${personVisibleSql(viewerId, now, 'u')} AND (u.id = ${viewerId}::uuid OR ${shownInSearchSql(sql.ref('u.id'))})
        ORDER BY lower(u.username) = lower(${text}) DESC,
                 u.is_verified DESC,
                 u.featured_rank IS NOT NULL DESC,
                 coalesce(${startsWith}, false) DESC,
                 u.followers_count DESC,
                 lower(u.username)
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
