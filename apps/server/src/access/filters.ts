/**
 * The rules of rules.ts as SQL conditions, for lists that filter in the database. Each function here
 * has its predicate twin there; access.test.ts checks that both agree on every combination of facts.
 * Repositories build their WHERE clauses from these and never restate a rule themselves.
 */
import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import { sql, type RawBuilder } from 'kysely';

type Bool = RawBuilder<boolean>;
type Ref = ReturnType<typeof sql.ref>;

/**
 * Who is looking: an account id (null for a guest), or a column holding one when a query asks the
 * question for many people at once (who among the mentioned may see this post?).
 */
export type ViewerSql = string | null | Ref;

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const viewerOf = (viewer: ViewerSql) => (viewer === null || typeof viewer === 'string' ? sql`${viewer}::uuid` : viewer);
/** The viewer is the owner: false, never NULL, for a guest, so the conditions can be negated safely. */
const ownerSql = (viewer: ViewerSql, owner: Ref) => sql<boolean>`(${owner} = ${viewerOf(viewer)}) IS TRUE`;

/** The viewer follows the user in `ownerRef` (false for a guest: a NULL id matches no row). */
export function followsSql(viewer: ViewerSql, ownerRef: Ref): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM follows fv WHERE fv.follower_id = ${viewerOf(viewer)} AND fv.followee_id = ${ownerRef})`;
}

/**
 * The same fact, written for scans over many posts: the followed ids read once as an array. With a
 * correlated EXISTS the planner prices every row of an index walk as a subquery and may fall back to
 * reading every match first (search).
 */
function followsAnySql(viewer: ViewerSql, ownerRef: Ref): Bool {
  return sql<boolean>`${ownerRef} = ANY (ARRAY(SELECT fa.followee_id FROM follows fa WHERE fa.follower_id = ${viewerOf(viewer)}))`;
}

export interface PostFilterOptions {
  /** 'array' for scans over many authors' posts (see followsAnySql). */
  follows?: 'exists' | 'array';
}

/** postVisibility(...) !== 'hidden': the posts a viewer finds in lists (VIP ones locked). */
export function postListedSql(viewer: ViewerSql, alias = 'p', options: PostFilterOptions = {}): Bool {
  const owner = ref(alias, 'user_id');
  const follows = options.follows === 'array' ? followsAnySql(viewer, owner) : followsSql(viewer, owner);
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${ref(alias, 'status')} = 'ready' AND (${ref(alias, 'visibility')} <> 'followers' OR ${follows})))`;
}

/** isOpen(postVisibility(...)): the posts whose media and interactions are open to the viewer. */
export function postOpenSql(viewer: ViewerSql, alias = 'p'): Bool {
  const owner = ref(alias, 'user_id');
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${ref(alias, 'status')} = 'ready'
        AND (${ref(alias, 'visibility')} = 'public'
             OR (${ref(alias, 'visibility')} = 'followers' AND ${followsSql(viewer, owner)}))))`;
}

/** Posts open to everyone alike (a guest's view): the explore grid and the discovery feed. */
export function postPublicSql(alias = 'p'): Bool {
  return sql<boolean>`(${ref(alias, 'status')} = 'ready' AND ${ref(alias, 'visibility')} = 'public')`;
}

/** storyVisibility(..., now) !== 'hidden': the stories a viewer may watch at `now`. */
export function storyVisibleSql(viewer: ViewerSql, now: Date, alias = 's'): Bool {
  const owner = ref(alias, 'user_id');
  const liveSince = new Date(now.getTime() - STORY_LIFETIME_MS);
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${ref(alias, 'status')} = 'ready'
        AND (${ref(alias, 'created_at')} > ${liveSince} OR ${ref(alias, 'highlighted_at')} IS NOT NULL)
        AND (${ref(alias, 'audience')} = 'public'
             OR (${ref(alias, 'audience')} = 'followers' AND ${followsSql(viewer, owner)}))))`;
}

/**
 * The accounts a viewer finds (profiles, people search, follower lists, mention suggestions): today
 * every account, as WAG has no private profiles; blocks and suspensions narrow it here.
 */
export function personVisibleSql(_viewer: ViewerSql, _alias = 'u'): Bool {
  return sql<boolean>`TRUE`;
}
