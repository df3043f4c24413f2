import type {
  AppealResponse,
  ModerationActionBody,
  ModerationActionResponse,
  ModerationContent,
  ModerationEvent,
  ModerationQueueResponse,
  ModerationSubjectResponse,
  MyDecisionsResponse,
  SubjectPreview,
} from '@wag/contract/moderation';
import {
  APPEAL_TEXT_MAX_LENGTH,
  MODERATION_ACTIONS,
  MODERATION_QUEUE_PAGE_SIZE,
  MODERATION_REASON_MAX_LENGTH,
  OPEN_ENDED_SUSPENSION,
  type AppealState,
  type ModerationAction,
  type ReportReason,
} from '@wag/contract/moderation-rules';
import type { LoginBody } from '@wag/contract/auth';
import type { ModerationDecision, ModerationStatus, ReportSubjectType } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { decodeCursor, decodeTimeCursor, encodeCursor, isCursorTimestamp } from '../lib/cursor.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { suspensionSpan } from '../lib/dates.js';
import { DEFAULT_LANGUAGE } from '../lib/language.js';
import { isUuid } from '../lib/uuid.js';
import type { MailMessage } from '../mail/mail-messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import {
  isContentType,
  type ContentRow,
  type ContentType,
  type EventRow,
  type ModerationRepository,
  type PreviewColumns,
  type SubjectRow,
  type UserContentRow,
} from '../repositories/moderation.repository.js';
import type { UnitOfWork, WriteRepositories } from '../repositories/unit-of-work.js';
import type { AuthService, ClientInfo, Viewer } from './auth.service.js';
import type { NotificationsService, Tell } from './notifications.service.js';
import { hasHashedMedia } from './media-hashes.service.js';
import type { PostsService } from './posts.service.js';

export interface ModerationServiceDeps {
  moderation: ModerationRepository;
  uow: UnitOfWork;
  clock: Clock;
  notify: Pick<NotificationsService, 'announce'>;
  posts: Pick<PostsService, 'getBySlug'>;
  auth: Pick<AuthService, 'checkCredentials'>;
  /** A job (an email, the hashing of taken-down media) was queued: wake the worker. */
  jobsQueued: () => void;
}

/** Decisions: the actions that close a subject and resolve its open reports. */
const DECISIONS: readonly ModerationAction[] = ['dismiss', 'takedown', 'restore', 'suspend', 'unsuspend'];
const isDecision = (action: ModerationAction): action is ModerationDecision => DECISIONS.includes(action);
/** What its reports become after each decision. */
const REPORT_STATUS: Record<ModerationDecision, 'resolved' | 'dismissed'> = {
  takedown: 'resolved',
  suspend: 'resolved',
  dismiss: 'dismissed',
  restore: 'dismissed',
  unsuspend: 'dismissed',
};
const NOT_FOUND: Record<ReportSubjectType, string> = {
  user: messages.userNotFound,
  post: messages.postNotFound,
  comment: messages.commentNotFound,
  story: messages.storyNotFound,
  message: messages.messageNotFound,
};
const YOUR: Record<ReportSubjectType, string> = {
  user: 'tu cuenta',
  post: 'tu publicación',
  comment: 'tu comentario',
  story: 'tu historia',
  message: 'tu mensaje',
};
/** Reports shown on a subject's page (the newest). */
const SUBJECT_REPORTS_SHOWN = 100;

/** A subject of the desk: a person or a piece of content, with its owner. */
type Target =
  | { type: 'user'; id: string; ownerId: string; ownerUsername: string; ownerEmail: string; user: UserContentRow }
  | { type: ContentType; id: string; ownerId: string; ownerUsername: string; ownerEmail: string; content: ContentRow };

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

function preview(row: PreviewColumns): SubjectPreview {
  return {
    text: row.preview_text,
    thumbnailUrl: mediaFileUrl(row.preview_file_key) ?? mediaUrl(row.preview_avatar_key, MEDIA_FILES.avatarSmall),
    ownerUsername: row.owner_username,
  };
}

function toEvent(row: EventRow): ModerationEvent {
  return {
    id: String(row.id),
    action: row.action as ModerationEvent['action'],
    reason: row.reason,
    until: iso(row.until),
    createdAt: new Date(row.created_at).toISOString(),
    actor: row.actor_username,
    decidesAppeal: row.decides_appeal,
  };
}

/**
 * The moderation desk (docs/product-decisions.md §9): the queue, a subject with its reports and
 * history, and the actions on it; the statement of reasons told to owners and reporters; appeals.
 * Every action is an append-only event; a decision, its effects, the notifications and emails it
 * causes commit together, and what is only told live (or mailed, by a job) follows the commit.
 */
export function createModerationService({ moderation, uow, clock, notify, posts, auth, jobsQueued }: ModerationServiceDeps) {
  /** Moderators and admins only: anyone else is refused (403). */
  async function requireModerator(viewer: Viewer): Promise<'moderator' | 'admin'> {
    const role = await moderation.roleOf(viewer.userId);
    if (role !== 'moderator' && role !== 'admin') throw new ForbiddenError(messages.moderatorsOnly);
    return role;
  }

  /** A subject by type and id (a user by username or id), whatever its state; 404 when there is none. */
  async function target(type: ReportSubjectType, rawId: string): Promise<Target> {
    if (type === 'user') {
      const user = isUuid(rawId) ? await moderation.userById(rawId) : await moderation.userByUsername(rawId);
      if (!user) throw new NotFoundError(NOT_FOUND.user);
      return { type, id: user.id, ownerId: user.id, ownerUsername: user.username, ownerEmail: user.email, user };
    }
    const content = isUuid(rawId) ? await moderation.content(type, rawId) : undefined;
    if (!content) throw new NotFoundError(NOT_FOUND[type]);
    return { type, id: content.id, ownerId: content.owner_id, ownerUsername: content.owner_username, ownerEmail: content.owner_email, content };
  }

  const suspendedNow = (until: Date | null) => until !== null && new Date(until).getTime() > clock.now().getTime();

  /** Whether the decision the owner was told is still in force (the content still down, the account still suspended). */
  function inForce(subject: Pick<SubjectRow, 'decision'>, contentModeration: string | null, suspendedUntil: Date | null): boolean {
    if (subject.decision === 'takedown') return contentModeration === 'removed';
    if (subject.decision === 'suspend') return suspendedNow(suspendedUntil);
    return false;
  }

  function appealState(subject: SubjectRow, contentModeration: string | null, suspendedUntil: Date | null): AppealState {
    if (subject.appealed_at && !subject.appeal_decided_at) return 'pending';
    if (subject.appeal_decided_at) return 'decided';
    return !subject.appealed_at && inForce(subject, contentModeration, suspendedUntil) ? 'possible' : 'none';
  }

  const appealPending = (subject: SubjectRow) => subject.appealed_at !== null && subject.appeal_decided_at === null;

  /** The subject as its owner sees it. */
  async function contentOf(t: Target): Promise<ModerationContent> {
    if (t.type === 'user') {
      const u = t.user;
      return {
        type: 'user',
        user: {
          id: u.id,
          username: u.username,
          fullName: u.full_name,
          profilePictureUrl: mediaUrl(u.avatar_key, MEDIA_FILES.avatarLarge),
          bio: u.bio,
          isVerified: u.is_verified,
          role: u.role,
          createdAt: new Date(u.created_at).toISOString(),
          suspendedUntil: suspendedNow(u.suspended_until) ? iso(u.suspended_until) : null,
          followers: u.followers_count,
          following: u.following_count,
          posts: u.posts_count,
        },
      };
    }
    const c = t.content;
    const mark = c.moderation ? { state: c.moderation, reason: c.moderation_reason } : null;
    if (t.type === 'post') {
      // The owner's own read path, as the owner: their detail, with media and the moderation mark.
      const post = await posts.getBySlug(c.slug as string, { userId: t.ownerId, username: t.ownerUsername, sessionId: '', language: null });
      return { type: 'post', post };
    }
    if (t.type === 'comment') {
      return { type: 'comment', comment: { id: c.id, text: c.text ?? '', createdAt: new Date(c.created_at).toISOString(), postId: c.post_id as string, postSlug: c.slug as string, moderation: mark } };
    }
    if (t.type === 'story') {
      const main = c.kind === 'video' ? c.video_key : c.image_key;
      return {
        type: 'story',
        story: {
          id: c.id,
          audience: c.audience ?? 'public',
          mediaType: c.kind ?? 'image',
          mediaUrl: mediaFileUrl(main),
          posterUrl: mediaFileUrl(c.poster_key),
          createdAt: new Date(c.created_at).toISOString(),
          highlightedAt: iso(c.highlighted_at),
          moderation: mark,
        },
      };
    }
    return {
      type: 'message',
      message: { id: c.id, text: c.text ?? '', createdAt: new Date(c.created_at).toISOString(), sender: c.owner_username, recipient: c.recipient_username ?? '', moderation: mark },
    };
  }

  /** What a report_decided line says to a reporter. */
  function reporterText(action: ModerationDecision): string {
    if (action === 'takedown') return 'Revisamos tu reporte y retiramos el contenido.';
    if (action === 'suspend') return 'Revisamos tu reporte y suspendimos la cuenta.';
    return 'Revisamos tu reporte: no encontramos una infracción de las normas.';
  }

  /** What a moderation_decision line says to the owner: what was decided and why. */
  function ownerText(type: ReportSubjectType, action: ModerationDecision, reason: string, until: Date | null, final: boolean): string {
    const what =
      action === 'takedown'
        ? `Retiramos ${YOUR[type]}`
        : action === 'suspend'
          ? `Suspendimos tu cuenta ${suspensionSpan(until, 'es')}`
          : action === 'restore'
            ? `Restablecimos ${YOUR[type]}`
            : action === 'unsuspend'
              ? 'Levantamos la suspensión de tu cuenta'
              : 'Revisamos tu apelación y mantenemos la decisión';
    return `${what}. Motivo: ${reason}${final ? ' (decisión definitiva)' : ''}`.slice(0, 2000);
  }

  /**
   * Records what a decision tells: reporters (a notification, or an email for a guest) and, when
   * `toldOwner`, the owner (a notification and an email). Runs in the decision's transaction.
   */
  async function tellDecision(
    r: WriteRepositories,
    t: Target,
    decision: { action: ModerationDecision; reason: string; until: Date | null; eventId: number | string; final: boolean; toldOwner: boolean; at: Date },
  ): Promise<{ tells: Tell[]; mails: number }> {
    const tells: Tell[] = [];
    const mails: MailMessage[] = [];
    const reports = await r.moderation.decideOpenReports(t.type, t.id, REPORT_STATUS[decision.action], decision.action, decision.at);
    const reporters = [...new Set(reports.flatMap((report) => (report.reporter_id ? [report.reporter_id] : [])))];
    await r.notifications.insertDecision({ recipientIds: reporters, type: 'report_decided', eventId: decision.eventId, text: reporterText(decision.action), at: decision.at });
    tells.push(...reporters.map((userId) => ({ userId, event: 'notification' as const })));
    const guests = new Map(reports.flatMap((report) => (report.reporter_id === null && report.reporter_email ? [[report.reporter_email.toLowerCase(), report.reporter_email]] : [])));
    // A guest reporter has no preferences: their mail is in Spanish.
    for (const to of guests.values()) mails.push({ kind: 'report-decided', to, subjectType: t.type, outcome: decision.action, language: DEFAULT_LANGUAGE });

    if (decision.toldOwner) {
      await r.notifications.insertDecision({
        recipientIds: [t.ownerId],
        type: 'moderation_decision',
        eventId: decision.eventId,
        text: ownerText(t.type, decision.action, decision.reason, decision.until, decision.final),
        postId: t.type === 'post' ? t.id : null,
        commentId: t.type === 'comment' ? t.id : null,
        storyId: t.type === 'story' ? t.id : null,
        at: decision.at,
      });
      tells.push({ userId: t.ownerId, event: 'notification' });
      mails.push({
        kind: 'moderation-decision',
        to: t.ownerEmail,
        username: t.ownerUsername,
        subjectType: t.type,
        action: decision.action,
        reason: decision.reason,
        until: decision.action === 'suspend' && decision.until && decision.until.toISOString() !== OPEN_ENDED_SUSPENSION ? decision.until.toISOString() : null,
        appeal: decision.final ? 'final' : decision.action === 'takedown' || decision.action === 'suspend' ? 'possible' : 'none',
        language: await r.preferences.languageOf(t.ownerId),
      });
    }
    for (const message of mails) await r.jobs.enqueue({ name: 'mail.send', data: { message } });
    return { tells, mails: mails.length };
  }

  /** After a commit: live news told and the job worker woken; neither fails the decision. */
  async function afterCommit(tells: Tell[], jobs: number): Promise<void> {
    await notify.announce(tells);
    if (jobs > 0) jobsQueued();
  }

  /** The one appeal of an owner against the decision in force: the subject reopens, escalated. */
  async function fileAppeal(actorId: string, t: Target, rawText: string | undefined): Promise<AppealResponse> {
    const text = validAppealText(rawText);
    const now = clock.now();
    await uow.run(async (r) => {
      const subject = await r.moderation.subject(t.type, t.id, { lock: true });
      if (subject?.appealed_at) throw new ConflictError(messages.appealAlready);
      const contentModeration = t.type === 'user' ? null : (await r.moderation.content(t.type, t.id))?.moderation ?? null;
      const suspendedUntil = t.type === 'user' ? ((await r.moderation.userById(t.id))?.suspended_until ?? null) : null;
      if (!subject || !inForce(subject, contentModeration, suspendedUntil)) throw new ConflictError(messages.appealNothing);
      await r.moderation.appendEvent({ type: t.type, subjectId: t.id, actorId, action: 'appeal', reason: text, at: now });
      await r.moderation.updateSubject(t.type, t.id, { status: 'escalated', appealedAt: now, at: now });
    });
    return {
      success: true,
      message: messages.appealSent,
      appeal: { subjectType: t.type, subjectId: t.type === 'user' ? t.ownerUsername : t.id, status: 'escalated' },
    };
  }

  function validAppealText(raw: string | undefined): string {
    const text = (raw ?? '').trim();
    if (!text) throw new ValidationError(messages.appealTextRequired);
    if (text.length > APPEAL_TEXT_MAX_LENGTH) throw new ValidationError(messages.appealTextTooLong);
    return text;
  }

  return {
    requireModerator,

    /** The queue of one status, highest priority first, then the longest waiting. */
    async queue(viewer: Viewer, status: ModerationStatus = 'open', cursor?: string): Promise<ModerationQueueResponse> {
      await requireModerator(viewer);
      let after: { priority: number; at: string; id: string } | undefined;
      if (cursor) {
        const [priority, at, id] = decodeCursor(cursor, 3) as [string, string, string];
        if (!/^-?\d{1,9}$/.test(priority) || !isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
        after = { priority: Number(priority), at, id };
      }
      const rows = await moderation.queue(status, MODERATION_QUEUE_PAGE_SIZE + 1, after);
      const page = rows.slice(0, MODERATION_QUEUE_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          subjectType: row.subject_type,
          subjectId: row.subject_type === 'user' ? (row.subject_username ?? row.subject_id) : row.subject_id,
          status: row.status,
          priority: row.priority,
          reportsCount: row.reports_count,
          reasons: row.reasons as ReportReason[],
          firstReportedAt: new Date(row.first_reported_at).toISOString(),
          updatedAt: new Date(row.updated_at).toISOString(),
          appealPending: appealPending(row),
          preview: preview(row),
        })),
        nextCursor: rows.length > MODERATION_QUEUE_PAGE_SIZE && last ? encodeCursor([String(last.priority), last.cursor_at, last.subject_id]) : null,
      };
    },

    /** A subject as its owner sees it, its reports and its history. */
    async subject(viewer: Viewer, type: ReportSubjectType, rawId: string): Promise<ModerationSubjectResponse> {
      await requireModerator(viewer);
      const t = await target(type, rawId);
      const [row, reports, events, content, owner] = await Promise.all([
        moderation.subject(t.type, t.id),
        moderation.reportsOfSubject(t.type, t.id, SUBJECT_REPORTS_SHOWN),
        moderation.events(t.type, t.id),
        contentOf(t),
        t.type === 'user' ? Promise.resolve(t.user) : moderation.userById(t.ownerId),
      ]);
      return {
        subject: {
          type: t.type,
          id: t.type === 'user' ? t.ownerUsername : t.id,
          status: row?.status ?? null,
          priority: row?.priority ?? 0,
          reportsCount: row?.reports_count ?? 0,
          reasons: (row?.reasons ?? []) as ReportReason[],
          firstReportedAt: row && row.reports_count > 0 ? new Date(row.first_reported_at).toISOString() : null,
          appealedAt: iso(row?.appealed_at),
          appealPending: row ? appealPending(row) : false,
          owner: owner ? { username: owner.username, fullName: owner.full_name, profilePictureUrl: mediaUrl(owner.avatar_key, MEDIA_FILES.avatarSmall) } : null,
          content,
        },
        reports: reports.map((report) => ({
          id: report.id,
          reason: report.reason,
          details: report.details,
          status: report.status,
          outcome: (report.outcome as ModerationAction | null) ?? null,
          createdAt: new Date(report.created_at).toISOString(),
          decidedAt: iso(report.decided_at),
          reporter: report.reporter_username,
          byGuest: report.reporter_email !== null,
        })),
        events: events.map(toEvent),
      };
    },

    /**
     * A moderator's action on a subject, with its required reason: recorded as an event, applied
     * (takedown, restore, suspend, unsuspend, lifting a hold), the subject's status and its open
     * reports following, the reporters and the owner told. Returns the event, the subject's status,
     * and the sessions a suspension ended (their media cookies are forgotten by the route).
     */
    async act(viewer: Viewer, type: ReportSubjectType, rawId: string, body: ModerationActionBody): Promise<ModerationActionResponse & { endedSessions: string[] }> {
      const role = await requireModerator(viewer);
      const action = MODERATION_ACTIONS.find((known) => known === body.action);
      if (!action) throw new ValidationError(messages.moderationActionInvalid);
      const reason = (body.reason ?? '').trim();
      if (!reason) throw new ValidationError(messages.moderationReasonRequired);
      if (reason.length > MODERATION_REASON_MAX_LENGTH) throw new ValidationError(messages.moderationReasonTooLong);
      const now = clock.now();
      let until: Date | null = null;
      if (body.until) {
        if (action !== 'suspend') throw new ValidationError(messages.moderationUntilOnlySuspend);
        until = new Date(body.until);
        if (Number.isNaN(until.getTime()) || until.getTime() <= now.getTime()) throw new ValidationError(messages.moderationUntilInvalid);
      } else if (action === 'suspend') {
        until = new Date(OPEN_ENDED_SUSPENSION);
      }
      if ((action === 'takedown' || action === 'restore') && type === 'user') throw new ValidationError(messages.moderationActionNotForType);
      if ((action === 'suspend' || action === 'unsuspend') && type !== 'user') throw new ValidationError(messages.moderationActionNotForType);

      const t = await target(type, rawId);
      if (t.ownerId === viewer.userId) throw new ForbiddenError(messages.moderationSelf);
      if (action === 'suspend' && t.type === 'user' && t.user.role !== 'user' && role !== 'admin') throw new ForbiddenError(messages.moderationStaffByAdmin);

      const result = await uow.run(async (r) => {
        await r.moderation.ensureSubject(t.type, t.id, t.ownerId, now);
        const subject = (await r.moderation.subject(t.type, t.id, { lock: true })) as SubjectRow;
        const answersAppeal = appealPending(subject) && isDecision(action);
        let toldOwner = false;
        let endedSessions: string[] = [];
        let hashJobs = 0;

        if (action === 'takedown' || action === 'restore' || action === 'dismiss') {
          if (isContentType(t.type)) {
            const value = action === 'takedown' ? 'removed' : null;
            // Dismissing only lifts a hold; a taken-down item stays down.
            const current = (await r.moderation.content(t.type, t.id))?.moderation ?? null;
            if (action === 'takedown' && current === 'removed' && !answersAppeal) throw new ConflictError(messages.moderationAlreadyRemoved);
            if (action === 'restore' && current === null) throw new ConflictError(messages.moderationNotRemoved);
            if (action !== 'dismiss' || current === 'pending') await r.moderation.setModeration(t.type, t.id, value);
            toldOwner = action === 'takedown' || (action === 'restore' && current === 'removed');
            // Its pictures and video go on the block list that uploads are checked against (hashed by
            // a job, queued with the decision so neither is ever without the other), or come off it.
            if (hasHashedMedia(t.type)) {
              if (action === 'takedown') {
                await r.mediaHashes.enqueueBlock(t.type, t.id);
                hashJobs = 1;
              } else if (action === 'restore') {
                await r.mediaHashes.remove(t.type, t.id);
              }
            }
          }
        } else if (action === 'suspend') {
          await r.moderation.setSuspension(t.id, until, now);
          endedSessions = await r.sessions.endAllOf(t.id);
          toldOwner = true;
        } else if (action === 'unsuspend') {
          const user = await r.moderation.userById(t.id);
          if (!user || !suspendedNow(user.suspended_until)) throw new ConflictError(messages.moderationNotSuspended);
          await r.moderation.setSuspension(t.id, null, now);
          toldOwner = true;
        }
        // A decision while the owner's appeal waits answers it: it is final, and told to them.
        if (answersAppeal) toldOwner = true;

        const event = await r.moderation.appendEvent({
          type: t.type,
          subjectId: t.id,
          actorId: viewer.userId,
          action,
          reason,
          until: action === 'suspend' ? until : null,
          decidesAppeal: answersAppeal,
          at: now,
        });
        const status: ModerationStatus = action === 'escalate' ? 'escalated' : action === 'note' ? subject.status : 'closed';
        const freshDecision = (action === 'takedown' || action === 'suspend') && !answersAppeal;
        await r.moderation.updateSubject(t.type, t.id, {
          status,
          at: now,
          ...(toldOwner && isDecision(action) ? { decision: { action, reason, at: now } } : {}),
          ...(answersAppeal ? { appealDecidedAt: now } : {}),
          // A new takedown or suspension is a new decision, with its own one appeal.
          ...(freshDecision && subject.appeal_decided_at ? { appealedAt: null, appealDecidedAt: null } : {}),
        });
        const told = isDecision(action)
          ? await tellDecision(r, t, { action, reason, until, eventId: event.id, final: answersAppeal, toldOwner, at: now })
          : { tells: [], mails: 0 };
        return { event, status, endedSessions, ...told, jobs: told.mails + hashJobs };
      });
      await afterCommit(result.tells, result.jobs);
      return { success: true, event: toEvent(result.event), status: result.status, endedSessions: result.endedSessions };
    },

    /** The owner's appeal of a takedown (or of their own suspension, signed in): once. */
    async appeal(viewer: Viewer, body: { subjectType: ReportSubjectType; subjectId: string; text?: string }): Promise<AppealResponse> {
      validAppealText(body.text);
      const t = await target(body.subjectType, body.subjectId).catch(() => {
        throw new NotFoundError(NOT_FOUND[body.subjectType]);
      });
      // Only the owner may appeal; to anyone else the subject does not exist.
      if (t.ownerId !== viewer.userId) throw new NotFoundError(NOT_FOUND[body.subjectType]);
      return fileAppeal(viewer.userId, t, body.text);
    },

    /**
     * A suspended account cannot sign in: it appeals with its email and password, checked (and
     * throttled) exactly as a login is.
     */
    async appealSuspension(body: LoginBody & { text?: string }, client: ClientInfo, deviceCookie?: string): Promise<AppealResponse> {
      validAppealText(body.text);
      const { user } = await auth.checkCredentials(body, client, deviceCookie);
      const t = await target('user', user.id);
      return fileAppeal(user.id, t, body.text);
    },

    /** The decisions about the viewer's own things, newest first, with their reasons and appeal state. */
    async decisionsOf(viewer: Viewer, cursor?: string): Promise<MyDecisionsResponse> {
      const rows = await moderation.decisionsOf(viewer.userId, MODERATION_QUEUE_PAGE_SIZE + 1, cursor ? decodeTimeCursor(cursor) : undefined);
      const page = rows.slice(0, MODERATION_QUEUE_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          subjectType: row.subject_type,
          subjectId: row.subject_type === 'user' ? (row.subject_username ?? row.subject_id) : row.subject_id,
          action: row.decision as ModerationDecision,
          reason: row.decision_reason,
          decidedAt: new Date(row.decided_at as Date).toISOString(),
          until: row.decision === 'suspend' && row.suspended_until && new Date(row.suspended_until).toISOString() !== OPEN_ENDED_SUSPENSION ? iso(row.suspended_until) : null,
          appeal: appealState(row, row.content_moderation, row.suspended_until),
          preview: preview(row),
        })),
        nextCursor: rows.length > MODERATION_QUEUE_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.subject_id]) : null,
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
