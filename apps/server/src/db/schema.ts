import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Today's shape of the database, matching the migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;

export type Audience = 'public' | 'followers' | 'subscribers';
export type Role = 'user' | 'moderator' | 'admin';
/** What moderation did to a piece of content: held pending review, or taken down. */
export type Moderation = 'pending' | 'removed';
export type ReportSubjectType = 'user' | 'post' | 'comment' | 'story' | 'message';
export type ReportReason = 'inappropriate' | 'harassment' | 'impersonation' | 'spam' | 'hate' | 'violence' | 'other' | 'underage' | 'non_consensual';
export type ReportStatus = 'open' | 'resolved' | 'dismissed';
export type ModerationStatus = 'open' | 'escalated' | 'closed';
export type PostType = 'grid' | 'quicky' | 'vip';
export type MediaKind = 'image' | 'video';
export type ProcessingStatus = 'processing' | 'ready' | 'failed';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'expired';
export type PaymentProvider = 'sandbox' | 'ccbill';
export type LedgerKind = 'subscription' | 'renewal' | 'story_purchase' | 'verification_fee' | 'refund' | 'chargeback' | 'payout';
export type PaymentPurpose = 'subscription' | 'story_purchase' | 'verification_fee';
export type IdentityVerificationStatus = 'pending' | 'approved' | 'rejected';

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  full_name: string | null;
  bio: string | null;
  phone: string | null;
  birth_date: string;
  avatar_key: string | null;
  is_verified: Generated<boolean>;
  featured_rank: number | null;
  followers_count: Counter;
  following_count: Counter;
  posts_count: Counter;
  /** Ready posts everyone finds in the grid (public, and VIP shown locked); kept by a trigger. */
  listed_posts_count: Counter;
  /** Ready followers-only posts; kept by a trigger. */
  followers_posts_count: Counter;
  role: ColumnType<Role, Role | undefined, Role>;
  /** Suspended until this moment (null: not suspended). */
  suspended_until: Date | null;
  /** The two-factor secret, sealed (lib/secret-box.ts); null while two-factor is off. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret set up but not yet confirmed with a code. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** When the current address was confirmed from a link sent to it (null: not yet). */
  email_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The account was deleted: the row is an empty tombstone kept for the other side of its conversations. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a moderator approved this person's identity documents (null: not identity-verified). */
  identity_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface LoginKnownIpsTable {
  user_id: string;
  ip: string;
  last_login_at: Timestamp;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}

/** A person's home timeline exists (built on their first feed read); its horizon, null for 'since the beginning'. */
export interface HomeTimelineStatesTable {
  owner_id: string;
  horizon_at: Timestamp | null;
  horizon_id: string | null;
  created_at: Generated<Timestamp>;
  /** Null while the first build runs. */
  built_at: Timestamp | null;
}

/** One post in one person's home timeline (docs/decisions/0026-home-timelines.md). */
export interface HomeTimelinesTable {
  owner_id: string;
  created_at: Timestamp;
  post_id: string;
  author_id: string;
}

export interface PostsTable {
  id: Generated<string>;
  slug: string;
  user_id: string;
  post_type: PostType;
  content_type: MediaKind;
  visibility: Audience;
  title: string | null;
  description: ColumnType<string, string | undefined, string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<ProcessingStatus, ProcessingStatus | undefined, ProcessingStatus>;
  failure_reason: string | null;
  likes_count: Counter;
  views_count: Counter;
  comments_count: Counter;
  /** Views watched to (nearly) the end, once per viewer: part of 'Para ti' engagement. */
  completed_views_count: Counter;
  created_at: Timestamp;
  moderation: Moderation | null;
  /** Subscribers-only: when the creator confirmed everyone shown is an adult who agreed to appear and to its publication. */
  consent_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/**
 * A tag with the number of posts anyone can find under it (ready, not moderated, not followers-only),
 * kept by a trigger on posts (migration 2026-11-27T1000-hashtags): suggestions and the tag page's count.
 */
export interface HashtagsTable {
  tag: string;
  posts_count: Counter;
}

export interface PostMediaTable {
  id: Generated<string>;
  post_id: string;
  position: number;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  image_key: string | null;
  thumb_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  /** A video's HLS master playlist (media/hls-ladder.ts), once its whole ladder is in place. */
  stream_key: Generated<string | null>;
  /** The media folder of this item's files (generated from the keys). */
  folder_key: GeneratedAlways<string | null>;
}

export interface PostViewsTable {
  post_id: string;
  viewer_id: string;
  /** When the row was made: the first time the viewer had the post on screen. */
  viewed_at: Timestamp;
  /** The last time they had it on screen ('Para ti' leaves out what was seen in the last day). */
  last_viewed_at: Timestamp;
  /** When the view counted (a real share of the video watched; a photo at once); null until then. */
  counted_at: Date | null;
  /** When they watched the video to (nearly) its end; null until then. */
  completed_at: Date | null;
}

/** A 'Para ti' ranking fixed when its first page was read (docs/decisions/0023-for-you.md). */
export interface ForYouRankingsTable {
  id: string;
  /** Null: a guests' ranking, shared for a few minutes. */
  viewer_id: string | null;
  post_ids: string[];
  created_at: Date;
  expires_at: Date;
}

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<string>;
  post_id: string;
  user_id: string;
  parent_id: string | null;
  text: string;
  likes_count: Counter;
  created_at: Timestamp;
  moderation: Moderation | null;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface StoryGroupsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: Timestamp;
}

export interface StoriesTable {
  id: Generated<string>;
  user_id: string;
  audience: Audience;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  status: ColumnType<ProcessingStatus, ProcessingStatus | undefined, ProcessingStatus>;
  /** When the story was kept as a highlight ("wholesale_at" in the API). */
  highlighted_at: Date | null;
  group_id: string | null;
  /** The media folder of the story's files (generated from the keys). */
  folder_key: GeneratedAlways<string | null>;
  views_count: Counter;
  likes_count: Counter;
  created_at: Timestamp;
  moderation: Moderation | null;
  /** Subscribers-only: when the creator confirmed everyone shown is an adult who agreed to appear and to its publication. */
  consent_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StoryViewsTable {
  story_id: string;
  viewer_id: string;
  viewed_at: Timestamp;
}

export interface StoryLikesTable {
  story_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A background job (src/jobs/job-types.ts names them and types `data`). */
export interface JobsTable {
  id: Generated<string>;
  name: string;
  data: ColumnType<unknown, string, string>;
  attempts: Counter;
  available_at: Timestamp;
  lease_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
}

/** When a periodic job is next due (jobs.repository.ts claimSchedule). */
export interface JobSchedulesTable {
  name: string;
  next_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<string>;
  sender_id: string;
  recipient_id: string;
  text: string;
  story_id: string | null;
  conversation_id: string;
  created_at: Timestamp;
  read_at: Date | null;
  moderation: Moderation | null;
}

/** The photo or video a direct message carries (one at most). */
export interface MessageMediaTable {
  message_id: string;
  sender_id: string;
  kind: MediaKind;
  status: ProcessingStatus;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  failure_reason: string | null;
  /** The sender's key for one upload: a retry answers the message the first attempt wrote. */
  client_key: string | null;
  created_at: Timestamp;
  /** The media folder of its files (generated from the keys). */
  folder_key: GeneratedAlways<string | null>;
}

export type NotificationType =
  | 'like'
  | 'comment'
  | 'reply'
  | 'mention'
  | 'follow'
  | 'story_reply'
  | 'report_decided'
  | 'moderation_decision'
  | 'subscription'
  | 'payment'
  | 'identity_decision'
  | 'account_verified'
  | 'payout_paid';

export interface NotificationsTable {
  id: Generated<string>;
  recipient_id: string;
  /** Null on lines from WAG itself (report_decided, moderation_decision). */
  actor_id: string | null;
  type: NotificationType;
  post_id: string | null;
  comment_id: string | null;
  story_id: string | null;
  group_key: string | null;
  actors_count: Counter;
  text: string | null;
  created_at: Timestamp;
  read_at: Date | null;
  /** The decision a report_decided or moderation_decision line tells of. */
  moderation_event_id: number | null;
  /**
   * What a payment or identity line tells of: payment (renewed, renewal_failed, expired, refunded,
   * chargeback, story_unlocked), identity_decision (approved, rejected; the reason in text).
   */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ConversationsTable {
  id: Generated<string>;
  user_low: string;
  user_high: string;
  created_at: Timestamp;
}

export type MembershipStatus = 'active' | 'request' | 'rejected';

export interface ConversationMembersTable {
  user_id: string;
  other_id: string;
  conversation_id: string;
  status: MembershipStatus;
  listed: ColumnType<boolean, boolean | undefined, boolean>;
  last_message_id: string | null;
  last_message_at: Date | null;
  cleared_at: Date | null;
  last_read_at: Date | null;
  unread_count: Counter;
}

export interface SavedPostsTable {
  user_id: string;
  post_id: string;
  saved_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: Timestamp;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string | null;
  reporter_email: string | null;
  subject_type: ReportSubjectType;
  subject_id: string;
  subject_owner_id: string | null;
  reason: ReportReason;
  details: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  outcome: string | null;
  created_at: Timestamp;
  decided_at: Date | null;
}

export interface ModerationSubjectsTable {
  subject_type: ReportSubjectType;
  subject_id: string;
  owner_id: string | null;
  status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>;
  priority: Counter;
  reports_count: Counter;
  reasons: ColumnType<string[], string[] | undefined, string[]>;
  first_reported_at: Timestamp;
  updated_at: Timestamp;
  appealed_at: Date | null;
  /** The last decision its owner was told, with its reason (the statement of reasons). */
  decision: ModerationDecision | null;
  decision_reason: string | null;
  decided_at: Date | null;
  /** When the owner's appeal was decided (final). */
  appeal_decided_at: Date | null;
}

export type ModerationDecision = 'dismiss' | 'takedown' | 'restore' | 'suspend' | 'unsuspend';

export interface ModerationEventsTable {
  id: Generated<string>;
  subject_type: ReportSubjectType;
  subject_id: string;
  actor_id: string | null;
  action: string;
  reason: string | null;
  until: Date | null;
  created_at: Timestamp;
  /** Taken while the owner's appeal was pending: it answers the appeal and is final. */
  decides_appeal: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface BlockedMediaHashesTable {
  id: Generated<string>;
  hash: string;
  subject_type: ReportSubjectType;
  subject_id: string;
  created_at: Timestamp;
}

export interface BlockedMediaHashesVersionTable {
  id: Generated<boolean>;
  /** Bumped in every transaction that changes blocked_media_hashes. */
  version: ColumnType<string, never, never>;
}

/** What an account changed from the default preferences (a partial Preferences object). */
export interface UserPreferencesTable {
  user_id: string;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Generated<Date>;
}

/** A forgotten-password link (only the token's hash), single use, valid an hour. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A link confirming an address: the registration's, or a new one that replaces the account's once confirmed. */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  /** The session that asked for a change: it stays open when the change is confirmed. */
  session_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface LoginChallengesTable {
  token_hash: string;
  user_id: string;
  device_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A creator's VIP offer, in cents of `currency`. */
export interface VipPlansTable {
  user_id: string;
  monthly_price: number;
  story_price: number;
  currency: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A subscription; access lasts while access_until is in the future. */
export interface SubscriptionsTable {
  id: Generated<string>;
  subscriber_id: string;
  creator_id: string;
  provider: PaymentProvider;
  /** The processor's subscription id (CCBill), null for the sandbox. */
  provider_ref: string | null;
  status: SubscriptionStatus;
  price: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  access_until: Timestamp;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  renewal_failures: Counter;
  /** The sandbox provider's token of the card it renews with (never the card). */
  card_token: string | null;
  /** When a failed renewal is tried again (within the grace). */
  next_attempt_at: Timestamp | null;
  accepted_immediate_access_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  ended_at: Timestamp | null;
}

/** One money movement, append-only (a trigger refuses UPDATE and DELETE); cents, gross = fee + net. */
export interface LedgerEntriesTable {
  id: Generated<string>;
  kind: LedgerKind;
  payer_id: string | null;
  creator_id: string | null;
  subscription_id: string | null;
  period_start: Timestamp | null;
  gross: number;
  fee: number;
  net: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  accepted_immediate_access_at: Timestamp | null;
  /** The entry a refund, chargeback or reversal undoes. */
  refers_to: string | null;
  created_at: Timestamp;
}

export interface StoryUnlocksTable {
  user_id: string;
  story_id: string;
  ledger_entry_id: string;
  created_at: Timestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  creator_id: string;
  amount: number;
  currency: string;
  status: 'requested' | 'paid';
  ledger_entry_id: string;
  requested_at: Timestamp;
  paid_at: Timestamp | null;
  paid_by: string | null;
}

/** A purchase started on the processor's hosted form; its id comes back in the processor's webhook. */
export interface PaymentCheckoutsTable {
  id: Generated<string>;
  buyer_id: string;
  purpose: PaymentPurpose;
  creator_id: string | null;
  amount: number;
  currency: string;
  story_ids: ColumnType<string[], string[] | undefined, string[]>;
  accepted_immediate_access_at: Timestamp;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

/** A processor event applied once, by its key. */
export interface ProcessorEventsTable {
  provider: string;
  event_key: string;
  event_type: string;
  /** The processor's own time of the event (CCBill: its timestamp read as UTC), for ordering. */
  occurred_at: Timestamp | null;
  received_at: Timestamp;
  /** What became of it: applied, deferred (its sale not seen yet), or why nothing was done. */
  outcome: string;
  /** The processor's subscription and transaction the event refers to. */
  subscription_ref: ColumnType<string | null, string | null | undefined, string | null>;
  transaction_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** The event as read (ids, cents, card brand and last four; nothing personal), to apply it later. */
  data: ColumnType<unknown, string | null | undefined, string | null>;
  applied_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Identity documents sent for review; files encrypted in the identity store (document_keys). */
export interface IdentityVerificationsTable {
  id: Generated<string>;
  user_id: string;
  status: IdentityVerificationStatus;
  /** YYYY-MM-DD as sent. */
  dob: ColumnType<string, string, string>;
  /** Whether the date of birth sent is the account's; false flags the request for the moderator. */
  dob_matches: boolean;
  document_keys: ColumnType<string[], string[] | undefined, string[]>;
  reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  documents_deleted_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SandboxCardsTable {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: 'approved' | 'declined';
  created_at: Timestamp;
}

export interface SandboxChargesTable {
  id: string;
  idempotency_key: string;
  card_token: string;
  amount: number;
  currency: string;
  description: string;
  outcome: 'approved' | 'declined';
  decline_code: string | null;
  created_at: Timestamp;
}

/** A client's Idempotency-Key for one write, recorded in that write's transaction (a day long). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** What the key was used for ('post', 'message:<recipient id>'): another use of it is refused. */
  scope: string;
  /** The row the write made (a message), read again for the retry's answer. */
  target_id: string | null;
  /** The write's answer where it does not change later (a post's type and slug). */
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface DB {
  idempotency_keys: IdempotencyKeysTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_charges: SandboxChargesTable;
  recovery_codes: RecoveryCodesTable;
  vip_plans: VipPlansTable;
  subscriptions: SubscriptionsTable;
  ledger_entries: LedgerEntriesTable;
  story_unlocks: StoryUnlocksTable;
  payouts: PayoutsTable;
  payment_checkouts: PaymentCheckoutsTable;
  processor_events: ProcessorEventsTable;
  identity_verifications: IdentityVerificationsTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  user_preferences: UserPreferencesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  moderation_subjects: ModerationSubjectsTable;
  moderation_events: ModerationEventsTable;
  blocked_media_hashes: BlockedMediaHashesTable;
  blocked_media_hashes_version: BlockedMediaHashesVersionTable;
  app_settings: AppSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_known_ips: LoginKnownIpsTable;
  follows: FollowsTable;
  posts: PostsTable;
  post_media: PostMediaTable;
  post_likes: PostLikesTable;
  post_views: PostViewsTable;
  for_you_rankings: ForYouRankingsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  messages: MessagesTable;
  message_media: MessageMediaTable;
  notifications: NotificationsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  saved_posts: SavedPostsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  story_groups: StoryGroupsTable;
  stories: StoriesTable;
  story_views: StoryViewsTable;
  story_likes: StoryLikesTable;
  hashtags: HashtagsTable;
  home_timeline_states: HomeTimelineStatesTable;
  home_timelines: HomeTimelinesTable;
}
