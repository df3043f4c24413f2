import { z } from 'zod';

export * from './notifications-rules.js';

/**
 * report_decided: a moderator decided on something the recipient reported (with the outcome);
 * moderation_decision: a decision about the recipient's own content or account, with its reason.
 * Both come from WAG itself: their actor is SYSTEM_ACTOR_USERNAME (moderation-rules.ts).
 */
export const notificationType = z.enum([
  'like',
  'comment',
  'reply',
  'mention',
  'follow',
  'story_reply',
  'report_decided',
  'moderation_decision',
  // Money and verification (issue 15): a new subscriber; a payment event of a subscription; lines from WAG.
  'subscription',
  'payment',
  'identity_decision',
  'account_verified',
  'payout_paid',
]);
export type NotificationType = z.infer<typeof notificationType>;

/** What a notification is about: a post or quicky (by slug), a comment on one, or a story. */
export const notificationTarget = z.object({
  kind: z.enum(['post', 'quicky', 'comment', 'story']),
  /** Slug of the post or quicky (of the commented post for comments); null for stories. */
  slug: z.string().nullable(),
  postType: z.enum(['grid', 'quicky', 'vip']).nullable(),
  thumbnail_url: z.string().nullable(),
});
export type NotificationTarget = z.infer<typeof notificationTarget>;

export const notificationActor = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  picture: z.string().nullable(),
  isVerified: z.boolean(),
  /** Whether the viewer follows the actor (for 'Seguir también' on follow lines). */
  isFollowedByMe: z.boolean(),
});

/** One line of /notifications; likes of one thing are grouped ("ana y 12 personas más"). */
export const notificationItem = z.object({
  id: z.string(),
  type: notificationType,
  actor: notificationActor,
  /** People besides the actor behind this line (likes only; 0 otherwise). */
  othersCount: z.number().int().nonnegative(),
  target: notificationTarget.nullable(),
  /** The comment, reply or story reply text, when there is one (an identity rejection's reason). */
  text: z.string().nullable(),
  /**
   * What a payment line tells of (renewed, renewal_failed, expired, refunded, chargeback,
   * story_unlocked) or an identity decision (approved, rejected); null on other lines.
   */
  detail: z.string().nullable().optional(),
  created_at: z.string(),
  read: z.boolean(),
  /** On report_decided and moderation_decision lines: what was decided (and, for the owner, why). */
  decision: z
    .object({
      subjectType: z.enum(['user', 'post', 'comment', 'story', 'message']),
      action: z.enum(['dismiss', 'escalate', 'takedown', 'restore', 'suspend', 'unsuspend', 'note']),
      /** The statement of reasons, for the owner only (null on a reporter's line). */
      reason: z.string().nullable(),
      until: z.string().nullable(),
      /** It answered the recipient's appeal: final. */
      final: z.boolean(),
    })
    .optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsQuery = z.object({ cursor: z.string().max(200).optional() });
export const notificationsResponse = z.object({ items: z.array(notificationItem), nextCursor: z.string().nullable() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const unreadCountResponse = z.object({ count: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** POST /api/notifications/read: everything up to now, or only the given ids. */
export const markReadBody = z.object({ ids: z.array(z.string().max(100)).max(200).optional() }).nullish();
export const markReadResponse = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });
