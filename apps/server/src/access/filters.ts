/**
 * The rules of rules.ts as SQL: the conditions lists filter by, and the fact columns every repository
 * selects for the predicates (the same names as rules.ts's fact interfaces). Each condition here has
 * its predicate twin there; test/access-rules.test.ts checks that both agree on every combination of
 * facts. Repositories build their WHERE clauses and fact columns from these and never restate a rule.
 */
import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import { sql, type RawBuilder } from 'kysely';

type Bool = RawBuilder<boolean>;
/** A column (sql.ref) or any other SQL value naming an id. */
type Ref = RawBuilder<unknown>;

/**
 * Who is looking: an account id (null for a guest), or a column holding one when a query asks the
 * question for many people at once (who among the mentioned may see this post?).
 */
export type ViewerSql = string | null | Ref;

/** What can be reported (and so leave its reporter's views). */
export type ReportableType = 'user' | 'post' | 'comment' | 'story' | 'message';

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const viewerOf = (viewer: ViewerSql) => (viewer === null || typeof viewer === 'string' ? sql`${viewer}::uuid` : viewer);
/** The viewer is the owner: false, never NULL, for a guest, so the conditions can be negated safely. */
const ownerSql = (viewer: ViewerSql, owner: Ref) => sql<boolean>`(${owner} = ${viewerOf(viewer)}) IS TRUE`;

/** The viewer follows the user in `ownerRef` (false for a guest: a NULL id matches no row). */
export function followsSql(viewer: ViewerSql, ownerRef: Ref): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM follows fv WHERE fv.follower_id = ${viewerOf(viewer)} AND fv.followee_id = ${ownerRef})`;
}

/** The viewer and the user in `otherRef` block each other, either way round (false for a guest). */
export function blockedSql(viewer: ViewerSql, otherRef: Ref): Bool {
  const v = viewerOf(viewer);
  return sql<boolean>`(EXISTS (SELECT 1 FROM blocks bv WHERE bv.blocker_id = ${v} AND bv.blocked_id = ${otherRef})
    OR EXISTS (SELECT 1 FROM blocks bo WHERE bo.blocker_id = ${otherRef} AND bo.blocked_id = ${v}))`;
}

/**
 * The viewer's subscription to the user in `ownerRef` gives access at `now` (false for a guest): one
 * indexed question, since access_until already holds the period's end, the grace, or the end a
 * refund brought forward.
 */
export function subscribedSql(viewer: ViewerSql, ownerRef: Ref, now: Date): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM subscriptions sb WHERE sb.subscriber_id = ${viewerOf(viewer)} AND sb.creator_id = ${ownerRef} AND sb.access_until > ${now})`;
}

/** The viewer bought the story in `storyRef` (false for a guest). */
export function unlockedSql(viewer: ViewerSql, storyRef: Ref): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM story_unlocks su WHERE su.user_id = ${viewerOf(viewer)} AND su.story_id = ${storyRef})`;
}

/** The viewer reported the item of `type` in `idRef` (false for a guest). */
export function reportedSql(viewer: ViewerSql, type: ReportableType, idRef: Ref): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM reports rv WHERE rv.reporter_id = ${viewerOf(viewer)} AND rv.subject_type = ${type} AND rv.subject_id = ${idRef})`;
}

/**
 * The account in `userRef` is suspended at `now`, or deleted (a write racing the deletion may leave a
 * row behind it: nothing of a deleted account is shown).
 */
export function suspendedSql(userRef: Ref, now: Date): Bool {
  return sql<boolean>`EXISTS (SELECT 1 FROM users sv WHERE sv.id = ${userRef} AND (sv.suspended_until > ${now} OR sv.deleted_at IS NOT NULL))`;
}

/**
 * The same facts written for scans over many authors' posts (search): the followed and the blocked
 * ids read once as arrays. With a correlated EXISTS the planner prices every row of an index walk as
 * a subquery and may fall back to reading every match first.
 */
function followsAnySql(viewer: ViewerSql, ownerRef: Ref): Bool {
  return sql<boolean>`${ownerRef} = ANY (ARRAY(SELECT fa.followee_id FROM follows fa WHERE fa.follower_id = ${viewerOf(viewer)}))`;
}
function blockedAnySql(viewer: ViewerSql, ownerRef: Ref): Bool {
  const v = viewerOf(viewer);
  return sql<boolean>`${ownerRef} = ANY (ARRAY(
    SELECT ba.blocked_id FROM blocks ba WHERE ba.blocker_id = ${v}
    UNION ALL SELECT bb.blocker_id FROM blocks bb WHERE bb.blocked_id = ${v}))`;
}

/** The viewer reported the item in `idRef` (of `type`), written for walks over many items (see followsAnySql). */
function reportedAnySql(viewer: ViewerSql, type: ReportableType, idRef: Ref): Bool {
  return sql<boolean>`${idRef} = ANY (ARRAY(SELECT ra.subject_id FROM reports ra WHERE ra.reporter_id = ${viewerOf(viewer)} AND ra.subject_type = ${type}))`;
}

export interface FilterOptions {
  /** 'array' for scans over many authors' posts and over a busy post's comments (see followsAnySql). */
  relations?: 'exists' | 'array';
}

/** Columns named after rules.ts's fact fields, each with an optional prefix (two items in one row). */
function factColumns(prefix: string, columns: Array<[string, RawBuilder<unknown> | Ref]>) {
  return sql.join(columns.map(([name, value]) => sql`${value} AS ${sql.ref(`${prefix}${name}`)}`));
}

/**
 * The reason the owner of a held or taken-down item of `type` was told (moderation_subjects'
 * statement of reasons), or NULL; read only for items moderation touched. Not a rule: the owner's
 * view shows it beside "Retirado por moderación".
 */
export function moderationReasonSql(type: 'post' | 'story' | 'comment' | 'message', alias: string): RawBuilder<string | null> {
  return sql<string | null>`CASE WHEN ${ref(alias, 'moderation')} IS NULL THEN NULL ELSE (
    SELECT ms.decision_reason FROM moderation_subjects ms WHERE ms.subject_type = ${type} AND ms.subject_id = ${ref(alias, 'id')}) END`;
}

/** The facts postVisibility reads, as the columns of rules.ts's PostFacts (each name after `prefix`). */
export function postFactsSql(viewer: ViewerSql, now: Date, alias = 'p', prefix = '') {
  const owner = ref(alias, 'user_id');
  return factColumns(prefix, [
    ['user_id', owner],
    ['status', ref(alias, 'status')],
    ['visibility', ref(alias, 'visibility')],
    ['moderation', ref(alias, 'moderation')],
    ['moderation_reason', moderationReasonSql('post', alias)],
    ['owner_suspended', suspendedSql(owner, now)],
    ['viewer_follows', followsSql(viewer, owner)],
    ['viewer_blocked', blockedSql(viewer, owner)],
    ['viewer_reported', reportedSql(viewer, 'post', ref(alias, 'id'))],
    // Read by the rules for subscribers-only items alone: no lookup for the others.
    ['viewer_subscribed', sql<boolean>`(${ref(alias, 'visibility')} = 'subscribers' AND ${subscribedSql(viewer, owner, now)})`],
  ]);
}

/** The facts storyVisibility reads, as the columns of rules.ts's StoryFacts (each name after `prefix`). */
export function storyFactsSql(viewer: ViewerSql, now: Date, alias = 's', prefix = '') {
  const owner = ref(alias, 'user_id');
  return factColumns(prefix, [
    ['user_id', owner],
    ['status', ref(alias, 'status')],
    ['audience', ref(alias, 'audience')],
    ['moderation', ref(alias, 'moderation')],
    ['moderation_reason', moderationReasonSql('story', alias)],
    ['created_at', ref(alias, 'created_at')],
    ['highlighted_at', ref(alias, 'highlighted_at')],
    ['owner_suspended', suspendedSql(owner, now)],
    ['viewer_follows', followsSql(viewer, owner)],
    ['viewer_blocked', blockedSql(viewer, owner)],
    ['viewer_reported', reportedSql(viewer, 'story', ref(alias, 'id'))],
    ['viewer_subscribed', sql<boolean>`(${ref(alias, 'audience')} = 'subscribers' AND ${subscribedSql(viewer, owner, now)})`],
    ['viewer_unlocked', sql<boolean>`(${ref(alias, 'audience')} = 'subscribers' AND ${unlockedSql(viewer, ref(alias, 'id'))})`],
  ]);
}

/** The facts commentVisible reads, as the columns of rules.ts's CommentFacts. */
export function commentFactsSql(viewer: ViewerSql, now: Date, alias = 'c') {
  const author = ref(alias, 'user_id');
  return factColumns('', [
    ['user_id', author],
    ['moderation', ref(alias, 'moderation')],
    ['owner_suspended', suspendedSql(author, now)],
    ['viewer_follows', followsSql(viewer, author)],
    ['viewer_blocked', blockedSql(viewer, author)],
    ['viewer_reported', reportedSql(viewer, 'comment', ref(alias, 'id'))],
  ]);
}

/** What no audience can open (rules.ts `withdrawn`), as a condition that holds when it is not withdrawn. */
function openToOthersSql(viewer: ViewerSql, now: Date, alias: string, type: 'post' | 'story', relations: FilterOptions['relations']): Bool {
  const owner = ref(alias, 'user_id');
  const blocked = relations === 'array' ? blockedAnySql(viewer, owner) : blockedSql(viewer, owner);
  return sql<boolean>`(${ref(alias, 'status')} = 'ready' AND ${ref(alias, 'moderation')} IS NULL
    AND NOT ${suspendedSql(owner, now)} AND NOT ${blocked} AND NOT ${reportedSql(viewer, type, ref(alias, 'id'))})`;
}

/** postVisibility(...) !== 'hidden': the posts a viewer finds in lists (VIP ones locked). */
export function postListedSql(viewer: ViewerSql, now: Date, alias = 'p', options: FilterOptions = {}): Bool {
  const owner = ref(alias, 'user_id');
  const follows = options.relations === 'array' ? followsAnySql(viewer, owner) : followsSql(viewer, owner);
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${openToOthersSql(viewer, now, alias, 'post', options.relations)}
        AND (${ref(alias, 'visibility')} <> 'followers' OR ${follows})))`;
}

/** isOpen(postVisibility(...)): the posts whose media and interactions are open to the viewer. */
export function postOpenSql(viewer: ViewerSql, now: Date, alias = 'p'): Bool {
  const owner = ref(alias, 'user_id');
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${openToOthersSql(viewer, now, alias, 'post', 'exists')}
        AND (${ref(alias, 'visibility')} = 'public'
             OR (${ref(alias, 'visibility')} = 'followers' AND ${followsSql(viewer, owner)})
             OR (${ref(alias, 'visibility')} = 'subscribers' AND ${subscribedSql(viewer, owner, now)}))))`;
}

/** Posts open to everyone alike (a guest's view): the explore grid and the discovery feed. */
export function postPublicSql(now: Date, alias = 'p'): Bool {
  return sql<boolean>`(${openToOthersSql(null, now, alias, 'post', 'exists')} AND ${ref(alias, 'visibility')} = 'public')`;
}

/** storyVisibility(..., now) !== 'hidden': the stories a viewer may watch at `now`. */
export function storyVisibleSql(viewer: ViewerSql, now: Date, alias = 's'): Bool {
  const owner = ref(alias, 'user_id');
  const liveSince = new Date(now.getTime() - STORY_LIFETIME_MS);
  return sql<boolean>`(${ownerSql(viewer, owner)}
    OR (${openToOthersSql(viewer, now, alias, 'story', 'exists')}
        AND (${ref(alias, 'created_at')} > ${liveSince} OR ${ref(alias, 'highlighted_at')} IS NOT NULL)
        AND (${ref(alias, 'audience')} = 'public'
             OR (${ref(alias, 'audience')} = 'followers' AND ${followsSql(viewer, owner)})
             OR (${ref(alias, 'audience')} = 'subscribers'
                 AND (${subscribedSql(viewer, owner, now)} OR ${unlockedSql(viewer, ref(alias, 'id'))})))))`;
}

/** The facts personVisible reads, as the columns of rules.ts's PersonFacts. */
export function personFactsSql(viewer: ViewerSql, now: Date, alias = 'u') {
  const id = ref(alias, 'id');
  return factColumns('', [
    ['id', id],
    ['suspended', sql`((${ref(alias, 'suspended_until')} > ${now}) IS TRUE OR ${ref(alias, 'deleted_at')} IS NOT NULL)`],
    ['viewer_blocked', blockedSql(viewer, id)],
  ]);
}

/**
 * personVisible(...): the accounts a viewer finds (profiles, people search, follower lists, mention
 * suggestions): everyone but those blocked either way round, suspended accounts and deleted ones.
 */
export function personVisibleSql(viewer: ViewerSql, now: Date, alias = 'u'): Bool {
  const id = ref(alias, 'id');
  return sql<boolean>`(${ownerSql(viewer, id)}
    OR (NOT (${ref(alias, 'suspended_until')} > ${now}) IS TRUE AND ${ref(alias, 'deleted_at')} IS NULL AND NOT ${blockedSql(viewer, id)}))`;
}

/**
 * The comments of an open post a viewer sees: their own always; others' unless held or taken down,
 * of a suspended author, blocked either way, or reported by the viewer.
 */
export function commentVisibleSql(viewer: ViewerSql, now: Date, alias = 'c', options: FilterOptions = {}): Bool {
  const author = ref(alias, 'user_id');
  const id = ref(alias, 'id');
  const blocked = options.relations === 'array' ? blockedAnySql(viewer, author) : blockedSql(viewer, author);
  const reported = options.relations === 'array' ? reportedAnySql(viewer, 'comment', id) : reportedSql(viewer, 'comment', id);
  return sql<boolean>`(${ownerSql(viewer, author)}
    OR (${ref(alias, 'moderation')} IS NULL AND NOT ${suspendedSql(author, now)} AND NOT ${blocked} AND NOT ${reported}))`;
}

/** The facts messageVisible reads, as the columns of rules.ts's MessageFacts. */
export function messageFactsSql(viewer: ViewerSql, alias = 'msg') {
  return factColumns('', [
    ['sender_id', ref(alias, 'sender_id')],
    ['moderation', ref(alias, 'moderation')],
    ['viewer_reported', reportedSql(viewer, 'message', ref(alias, 'id'))],
  ]);
}

/**
 * messageVisible(...): the messages of a conversation a viewer in it reads: their own always; the
 * other person's unless held or taken down, or reported by the viewer.
 */
export function messageVisibleSql(viewer: ViewerSql, alias = 'msg'): Bool {
  return sql<boolean>`(${ownerSql(viewer, ref(alias, 'sender_id'))}
    OR (${ref(alias, 'moderation')} IS NULL AND NOT ${reportedSql(viewer, 'message', ref(alias, 'id'))}))`;
}

/**
 * The facts messageMediaVisible reads, as the columns of rules.ts's MessageMediaFacts, for the media
 * row `mediaAlias` of the message `alias`; the blocks and the deleted conversation are the viewer's
 * with the other person of that message.
 */
export function messageMediaFactsSql(viewer: ViewerSql, alias = 'msg', mediaAlias = 'mm') {
  const v = viewerOf(viewer);
  const other = sql`CASE WHEN ${ref(alias, 'sender_id')} = ${v} THEN ${ref(alias, 'recipient_id')} ELSE ${ref(alias, 'sender_id')} END`;
  return sql`${messageFactsSql(viewer, alias)}, ${blockFactsSql(viewer, other)}, ${factColumns('', [
    ['recipient_id', ref(alias, 'recipient_id')],
    ['status', ref(mediaAlias, 'status')],
    ['created_at', ref(alias, 'created_at')],
    ['viewer_cleared_at', sql`(SELECT cmv.cleared_at FROM conversation_members cmv WHERE cmv.user_id = ${v} AND cmv.other_id = ${other})`],
  ])}`;
}

/** The facts conversationAccess reads, as the columns of rules.ts's BlockFacts. */
export function blockFactsSql(viewer: ViewerSql, otherRef: Ref) {
  const v = viewerOf(viewer);
  return factColumns('', [
    ['viewer_blocks', sql<boolean>`EXISTS (SELECT 1 FROM blocks bf WHERE bf.blocker_id = ${v} AND bf.blocked_id = ${otherRef})`],
    ['blocks_viewer', sql<boolean>`EXISTS (SELECT 1 FROM blocks bf WHERE bf.blocker_id = ${otherRef} AND bf.blocked_id = ${v})`],
  ]);
}

/**
 * conversationAccess(...) !== 'hidden': the viewer's conversations with the person in `otherRef` that
 * stay in their inbox: all but those with someone who blocks them.
 */
export function conversationListedSql(viewer: ViewerSql, otherRef: Ref): Bool {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM blocks bc WHERE bc.blocker_id = ${otherRef} AND bc.blocked_id = ${viewerOf(viewer)})`;
}
