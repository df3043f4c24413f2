// Reports, moderation and appeals with no schema library, so the web app can use them cheaply
// (zod-free.test.ts): reason codes and their Spanish labels, subject types, actions, limits.

/** What can be reported: a person (by username) or a post, comment, story or message (by id). */
export const REPORT_SUBJECT_TYPES = ['user', 'post', 'comment', 'story', 'message'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** What someone without an account may report, leaving a contact email. */
export const GUEST_REPORTABLE: readonly ReportSubjectType[] = ['user', 'post', 'story'];

/**
 * Why something is reported: docs/product.md §5's seven reasons, and two an adult platform cannot do
 * without. Responses carry the code; requests may send the code or its Spanish label.
 */
export const REPORT_REASONS = [
  'inappropriate',
  'harassment',
  'impersonation',
  'spam',
  'hate',
  'violence',
  'other',
  'underage',
  'non_consensual',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  inappropriate: 'Contenido inapropiado',
  harassment: 'Acoso o intimidación',
  impersonation: 'Suplantación de identidad',
  spam: 'Spam o fraude',
  hate: 'Discurso de odio',
  violence: 'Violencia o amenazas',
  other: 'Otro',
  underage: 'Menor de edad',
  non_consensual: 'Contenido íntimo sin consentimiento',
};

/** Reasons that hide the content from everyone at once, pending review, at the top of the queue. */
export const URGENT_REPORT_REASONS: readonly ReportReason[] = ['underage', 'non_consensual'];

/** The reason a request names, by its code or its Spanish label (any case); null when neither. */
export function reportReasonOf(value: string | null | undefined): ReportReason | null {
  const given = (value ?? '').trim().toLocaleLowerCase('es');
  if (!given) return null;
  for (const reason of REPORT_REASONS) {
    if (given === reason || given === REPORT_REASON_LABELS[reason].toLocaleLowerCase('es')) return reason;
  }
  return null;
}

export const REPORT_DETAILS_MAX_LENGTH = 1000;
export type ReportStatus = 'open' | 'resolved' | 'dismissed';

/** What a moderator may do to a subject; each is recorded with its reason. */
export const MODERATION_ACTIONS = ['dismiss', 'escalate', 'takedown', 'restore', 'suspend', 'unsuspend', 'note'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export type ModerationStatus = 'open' | 'escalated' | 'closed';
export const MODERATION_STATUSES: readonly ModerationStatus[] = ['open', 'escalated', 'closed'];
export const MODERATION_REASON_MAX_LENGTH = 1000;
export const APPEAL_TEXT_MAX_LENGTH = 2000;
export const MODERATION_QUEUE_PAGE_SIZE = 30;
export const MY_REPORTS_PAGE_SIZE = 30;

/**
 * Whether the owner may still appeal a decision: `possible` (once), `pending` (waiting for a
 * moderator), `decided` (the decision on the appeal is final), `none` (nothing to appeal).
 */
/**
 * The end stored for an open-ended suspension: a date no one reaches (rather than PostgreSQL's
 * 'infinity', which JavaScript dates cannot hold). Shown as "indefinida".
 */
export const OPEN_ENDED_SUSPENSION = '9999-12-31T23:59:59.000Z';

/** Whether a suspension's end (an ISO date) means it has none. */
export function isOpenEndedSuspension(until: string | null | undefined): boolean {
  return until !== null && until !== undefined && new Date(until).getUTCFullYear() >= 9999;
}

export type AppealState = 'possible' | 'pending' | 'decided' | 'none';

/**
 * The actor named on lines from WAG itself (moderation decisions) in the notifications list: a
 * reserved name no account can hold, so the web app can tell them apart.
 */
export const SYSTEM_ACTOR_USERNAME = 'wag';
