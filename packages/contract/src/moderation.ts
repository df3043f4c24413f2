import { z } from 'zod';
import { moderationMark } from './common.js';
import { postDetail } from './posts.js';
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_SUBJECT_TYPES } from './moderation-rules.js';

export * from './moderation-rules.js';

export const reportSubjectType = z.enum(REPORT_SUBJECT_TYPES);
export const reportReason = z.enum(REPORT_REASONS);
export const reportStatus = z.enum(['open', 'resolved', 'dismissed']);
export const moderationStatus = z.enum(['open', 'escalated', 'closed']);
export const moderationAction = z.enum(MODERATION_ACTIONS);
/** What an event of a subject's history records: a moderator's action, or what happened to it. */
export const moderationEventAction = z.union([moderationAction, z.enum(['report', 'hold', 'appeal'])]);

// Request bodies: shape only. The rules run in the services so each gets its Spanish message.

/**
 * POST /api/reports. subjectId is the username for a user, the id otherwise; reason is a code or its
 * Spanish label; email is a guest's contact address (required without an account).
 */
export const createReportBody = z.object({
  subjectType: reportSubjectType,
  subjectId: z.string().min(1).max(200),
  reason: z.string().max(200).optional(),
  details: z.string().max(20_000).nullish(),
  email: z.string().max(320).nullish(),
});
export type CreateReportBody = z.infer<typeof createReportBody>;

/** 201 with a new report; 200 with the one already open for the same reporter and subject. */
export const createReportResponse = z.object({
  success: z.literal(true),
  report: z.object({ id: z.string(), status: reportStatus }),
});
export type CreateReportResponse = z.infer<typeof createReportResponse>;

export const pageQuery = z.object({ cursor: z.string().max(300).optional() });

/** One line of "Mis reportes". */
export const myReport = z.object({
  id: z.string(),
  subjectType: reportSubjectType,
  /** The username for a user, the id otherwise. */
  subjectId: z.string(),
  reason: reportReason,
  status: reportStatus,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The moderator's action that decided it (takedown, dismiss, …); null while open. */
  outcome: moderationAction.nullable(),
});
export type MyReport = z.infer<typeof myReport>;
export const myReportsResponse = z.object({ items: z.array(myReport), nextCursor: z.string().nullable() });
export type MyReportsResponse = z.infer<typeof myReportsResponse>;

/** A glimpse of a subject for a list: a text excerpt, a picture, whose it is. */
export const subjectPreview = z.object({
  text: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  ownerUsername: z.string().nullable(),
});
export type SubjectPreview = z.infer<typeof subjectPreview>;

/** GET /api/moderation/queue?status=open|escalated|closed&cursor=: highest priority first, then oldest. */
export const moderationQueueQuery = z.object({ status: moderationStatus.optional(), cursor: z.string().max(300).optional() });
export const queueItem = z.object({
  subjectType: reportSubjectType,
  subjectId: z.string(),
  status: moderationStatus,
  priority: z.number().int(),
  reportsCount: z.number().int().nonnegative(),
  reasons: z.array(reportReason),
  firstReportedAt: z.string(),
  updatedAt: z.string(),
  /** Whether its owner has appealed a decision not yet reviewed. */
  appealPending: z.boolean(),
  preview: subjectPreview,
});
export type QueueItem = z.infer<typeof queueItem>;
export const moderationQueueResponse = z.object({ items: z.array(queueItem), nextCursor: z.string().nullable() });
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponse>;

export const moderationSubjectParams = z.object({ subjectType: reportSubjectType, subjectId: z.string().min(1).max(200) });

const personRef = z.object({ username: z.string(), fullName: z.string().nullable(), profilePictureUrl: z.string().nullable() });

/** The subject as its owner sees it. */
export const moderationContent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), post: postDetail }),
  z.object({
    type: z.literal('comment'),
    comment: z.object({
      id: z.string(),
      text: z.string(),
      createdAt: z.string(),
      postId: z.string(),
      postSlug: z.string(),
      moderation: moderationMark.nullable(),
    }),
  }),
  z.object({
    type: z.literal('story'),
    story: z.object({
      id: z.string(),
      audience: z.enum(['public', 'followers', 'subscribers']),
      mediaType: z.enum(['image', 'video']),
      mediaUrl: z.string().nullable(),
      posterUrl: z.string().nullable(),
      createdAt: z.string(),
      highlightedAt: z.string().nullable(),
      moderation: moderationMark.nullable(),
    }),
  }),
  z.object({
    type: z.literal('message'),
    message: z.object({
      id: z.string(),
      text: z.string(),
      createdAt: z.string(),
      sender: z.string(),
      recipient: z.string(),
      moderation: moderationMark.nullable(),
    }),
  }),
  z.object({
    type: z.literal('user'),
    user: personRef.extend({
      id: z.string(),
      bio: z.string().nullable(),
      isVerified: z.boolean(),
      role: z.enum(['user', 'moderator', 'admin']),
      createdAt: z.string(),
      /** Until when the account is suspended (null: not suspended; a far date: open-ended). */
      suspendedUntil: z.string().nullable(),
      followers: z.number().int().nonnegative(),
      following: z.number().int().nonnegative(),
      posts: z.number().int().nonnegative(),
    }),
  }),
]);
export type ModerationContent = z.infer<typeof moderationContent>;

export const subjectReport = z.object({
  id: z.string(),
  reason: reportReason,
  details: z.string().nullable(),
  status: reportStatus,
  outcome: moderationAction.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The reporter's username; null for a guest (who left a contact email) or a deleted account. */
  reporter: z.string().nullable(),
  byGuest: z.boolean(),
});
export type SubjectReport = z.infer<typeof subjectReport>;

/** One entry of a subject's append-only history: who, when, what, why. */
export const moderationEvent = z.object({
  id: z.string(),
  action: moderationEventAction,
  reason: z.string().nullable(),
  until: z.string().nullable(),
  createdAt: z.string(),
  /** Who did it: a moderator, the owner (an appeal), a reporter; null for the system (a hold). */
  actor: z.string().nullable(),
  /** This decision answered an appeal: it is final. */
  decidesAppeal: z.boolean(),
});
export type ModerationEvent = z.infer<typeof moderationEvent>;

/** GET /api/moderation/subjects/{subjectType}/{subjectId}. */
export const moderationSubjectResponse = z.object({
  subject: z.object({
    type: reportSubjectType,
    id: z.string(),
    /** Null when nothing was ever reported or decided about it. */
    status: moderationStatus.nullable(),
    priority: z.number().int(),
    reportsCount: z.number().int().nonnegative(),
    reasons: z.array(reportReason),
    firstReportedAt: z.string().nullable(),
    appealedAt: z.string().nullable(),
    appealPending: z.boolean(),
    owner: personRef.nullable(),
    content: moderationContent,
  }),
  reports: z.array(subjectReport),
  events: z.array(moderationEvent),
});
export type ModerationSubjectResponse = z.infer<typeof moderationSubjectResponse>;

/** POST /api/moderation/subjects/{subjectType}/{subjectId}/actions. until: ISO date, suspend only. */
export const moderationActionBody = z.object({
  action: z.string().max(50).optional(),
  reason: z.string().max(20_000).nullish(),
  until: z.string().max(100).nullish(),
});
export type ModerationActionBody = z.infer<typeof moderationActionBody>;
export const moderationActionResponse = z.object({
  success: z.literal(true),
  event: moderationEvent,
  /** The subject's status after the action. */
  status: moderationStatus,
});
export type ModerationActionResponse = z.infer<typeof moderationActionResponse>;

/** POST /api/appeals: the owner of something taken down (or of a suspended account) asks once for review. */
export const appealBody = z.object({
  subjectType: reportSubjectType,
  subjectId: z.string().min(1).max(200),
  text: z.string().max(20_000).optional(),
});
/**
 * POST /api/appeals/suspension: a suspended account cannot sign in, so it appeals with its email
 * and password (checked and throttled like a login).
 */
export const suspensionAppealBody = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
  text: z.string().max(20_000).optional(),
});
export const appealResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  appeal: z.object({ subjectType: reportSubjectType, subjectId: z.string(), status: moderationStatus }),
});
export type AppealResponse = z.infer<typeof appealResponse>;

/** One decision about the viewer's own things, with its reasons and where an appeal stands. */
export const myDecision = z.object({
  subjectType: reportSubjectType,
  /** The username for the viewer's own account, the id otherwise. */
  subjectId: z.string(),
  /** What was decided: takedown or suspend; restore, unsuspend or dismiss when it answered an appeal or undid one. */
  action: moderationAction,
  reason: z.string().nullable(),
  decidedAt: z.string(),
  /** For a suspension: until when (null: open-ended or not a suspension). */
  until: z.string().nullable(),
  appeal: z.enum(['possible', 'pending', 'decided', 'none']),
  preview: subjectPreview,
});
export type MyDecision = z.infer<typeof myDecision>;
export const myDecisionsResponse = z.object({ items: z.array(myDecision), nextCursor: z.string().nullable() });
export type MyDecisionsResponse = z.infer<typeof myDecisionsResponse>;
