import { EMAIL_PATTERN } from '@wag/contract/account-rules';
import type { CreateReportBody, MyReportsResponse } from '@wag/contract/moderation';
import {
  GUEST_REPORTABLE,
  MY_REPORTS_PAGE_SIZE,
  REPORT_DETAILS_MAX_LENGTH,
  reportReasonOf,
  URGENT_REPORT_REASONS,
  type ModerationAction,
} from '@wag/contract/moderation-rules';
import { commentVisible, isOpen, messageVisible, personVisible, postVisibility, storyVisibility } from '../access/rules.js';
import type { ReportSubjectType } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { isUuid } from '../lib/uuid.js';
import { isContentType, type ModerationRepository, type ReportRef, type Reporter } from '../repositories/moderation.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import { isUniqueViolation } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { RateLimitService } from './rate-limit.service.js';

const NOT_FOUND: Record<ReportSubjectType, string> = {
  user: messages.userNotFound,
  post: messages.postNotFound,
  comment: messages.commentNotFound,
  story: messages.storyNotFound,
  message: messages.messageNotFound,
};

export interface ReportsServiceDeps {
  moderation: ModerationRepository;
  uow: UnitOfWork;
  rateLimits: RateLimitService;
  clock: Clock;
}

/**
 * Reports (docs/product-decisions.md §9): anyone with an account may report a person, post, comment,
 * story or message they can see; a guest a person, post or story, leaving a contact address. A report
 * takes the thing out of the reporter's views (the access rules read reports), counts on the
 * subject's queue row and its history; an underage or non-consensual report holds the content for
 * everyone until a moderator reviews it.
 */
export function createReportsService({ moderation, uow, rateLimits, clock }: ReportsServiceDeps) {
  /**
   * The subject's id and owner if the reporter may report it: it exists and they can see it (the
   * access rules), and it is not theirs. The id of a user is looked up by username.
   */
  async function reportable(viewerId: string | null, type: ReportSubjectType, rawId: string): Promise<{ id: string; ownerId: string; hidden: boolean }> {
    const now = clock.now();
    const notFound = new NotFoundError(NOT_FOUND[type]);
    if (type === 'user') {
      const person = await moderation.personForViewer(rawId.trim(), viewerId, now);
      if (!person) throw notFound;
      if (person.id === viewerId) throw new ValidationError(messages.reportSelf);
      return { id: person.id, ownerId: person.id, hidden: !personVisible(person, viewerId) };
    }
    if (!isUuid(rawId)) throw notFound;
    if (type === 'post') {
      const post = await moderation.postForViewer(rawId, viewerId, now);
      if (!post) throw notFound;
      const seen = postVisibility(post, viewerId);
      if (seen === 'owner') throw new ValidationError(messages.reportOwn);
      return { id: post.id, ownerId: post.user_id, hidden: seen === 'hidden' };
    }
    if (type === 'story') {
      const story = await moderation.storyForViewer(rawId, viewerId, now);
      if (!story) throw notFound;
      const seen = storyVisibility(story, viewerId, now);
      if (seen === 'owner') throw new ValidationError(messages.reportOwn);
      return { id: story.id, ownerId: story.user_id, hidden: seen === 'hidden' };
    }
    if (type === 'comment') {
      const comment = await moderation.commentForViewer(rawId, viewerId, now);
      if (!comment) throw notFound;
      if (comment.user_id === viewerId) throw new ValidationError(messages.reportOwn);
      return { id: comment.id, ownerId: comment.user_id, hidden: !commentVisible(comment, viewerId) || !isOpen(postVisibility(comment.post, viewerId)) };
    }
    // A message: only the two people of its conversation know it exists.
    if (!viewerId) throw notFound;
    const message = await moderation.messageForViewer(rawId, viewerId);
    if (!message) throw notFound;
    if (message.sender_id === viewerId) throw new ValidationError(messages.reportOwn);
    return { id: message.id, ownerId: message.sender_id, hidden: !messageVisible(message, viewerId) };
  }

  return {
    /**
     * Files a report, or returns the one the reporter already has open on the same subject
     * (`created: false`). Throws 400/401/404/429 with a Spanish message.
     */
    async create(viewer: Viewer | null, body: CreateReportBody, ip: string | null): Promise<{ created: boolean; report: ReportRef }> {
      const reason = reportReasonOf(body.reason);
      if (!reason) throw new ValidationError(messages.reportReasonInvalid);
      const details = (body.details ?? '').trim();
      if (details.length > REPORT_DETAILS_MAX_LENGTH) throw new ValidationError(messages.reportDetailsTooLong);
      const type = body.subjectType;

      let reporter: Reporter;
      if (viewer) {
        reporter = { userId: viewer.userId };
      } else {
        if (!GUEST_REPORTABLE.includes(type)) throw new UnauthorizedError(messages.reportNeedsLogin);
        const email = (body.email ?? '').trim();
        if (!email) throw new ValidationError(messages.reportEmailRequired);
        if (!EMAIL_PATTERN.test(email) || email.length > 254) throw new ValidationError(messages.emailInvalid);
        // Counted per contact address (as the rule's "account") and per client address.
        await rateLimits.take('guestReport', { userId: `email:${email.toLowerCase()}`, ip });
        reporter = { email };
      }

      const subject = await reportable(viewer?.userId ?? null, type, body.subjectId);
      // What the reporter already reported has left their views: asking again finds their open report.
      const open = await moderation.findOpenReport(reporter, type, subject.id);
      if (open) return { created: false, report: open };
      if (subject.hidden) throw new NotFoundError(NOT_FOUND[type]);

      const now = clock.now();
      try {
        const report = await uow.run(async (r) => {
          const report = await r.moderation.insertReport({ reporter, type, subjectId: subject.id, ownerId: subject.ownerId, reason, details: details || null, at: now });
          await r.moderation.countReport(type, subject.id, subject.ownerId, reason, now);
          await r.moderation.appendEvent({ type, subjectId: subject.id, actorId: viewer?.userId ?? null, action: 'report', reason, at: now });
          // Minors and intimate images shared without consent are hidden from everyone at once.
          if (URGENT_REPORT_REASONS.includes(reason) && isContentType(type)) {
            const held = await r.moderation.setModeration(type, subject.id, 'pending', { onlyIfClear: true });
            if (held) await r.moderation.appendEvent({ type, subjectId: subject.id, actorId: null, action: 'hold', reason, at: now });
          }
          return report;
        });
        return { created: true, report };
      } catch (error) {
        // The same reporter reporting twice at once: the one open report wins, and is the answer.
        if (!isUniqueViolation(error)) throw error;
        const existing = await moderation.findOpenReport(reporter, type, subject.id);
        if (!existing) throw error;
        return { created: false, report: existing };
      }
    },

    /** "Mis reportes": the viewer's reports, newest first, with where each stands. */
    async mine(viewer: Viewer, cursor: string | undefined): Promise<MyReportsResponse> {
      const rows = await moderation.reportsOf(viewer.userId, MY_REPORTS_PAGE_SIZE + 1, cursor ? decodeTimeCursor(cursor) : undefined);
      const page = rows.slice(0, MY_REPORTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          subjectType: row.subject_type,
          subjectId: row.subject_type === 'user' ? (row.subject_username ?? row.subject_id) : row.subject_id,
          reason: row.reason,
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
          decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
          outcome: (row.outcome as ModerationAction | null) ?? null,
        })),
        nextCursor: rows.length > MY_REPORTS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
