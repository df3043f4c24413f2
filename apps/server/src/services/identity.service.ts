import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  IDENTITY_DOCUMENTS,
  IDENTITY_DOCUMENTS_KEPT_DAYS,
  IDENTITY_FILE_MAX_BYTES,
  IDENTITY_QUEUE_PAGE_SIZE,
  IDENTITY_REASON_MAX_LENGTH,
  type IdentityDecisionBody,
  type IdentityDocument,
  type IdentityQueueItem,
  type IdentityQueueResponse,
  type IdentityRequestResponse,
} from '@wag/contract/identity';
import type { VerificationStatusResponse } from '@wag/contract/payments';
import type { Clock } from '../lib/clock.js';
import { decodeCursor, encodeCursor, isCursorTimestamp } from '../lib/cursor.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import type { IdentityVault } from '../lib/identity-vault.js';
import { messages } from '../lib/messages.js';
import { isUuid } from '../lib/uuid.js';
import { detectImage } from '../media/detect.js';
import { MAX_INPUT_PIXELS } from '../media/image-renditions.js';
import type { IdentityRepository, IdentityRequestRow } from '../repositories/identity.repository.js';
import type { ModerationRepository } from '../repositories/moderation.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests whose documents are deleted per statement by the purge. */
const PURGE_BATCH = 100;

/** The media type a document is served as; formats browsers do not show are sent as JPEG. */
const SERVED_AS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };

/** An uploaded file's stream; `truncated` is set by the multipart parser when it went over the size limit. */
export type UploadedDocument = Readable & { readonly truncated: boolean };

export interface IdentityServiceDeps {
  identity: IdentityRepository;
  roles: Pick<ModerationRepository, 'roleOf'>;
  vault: IdentityVault;
  uow: UnitOfWork;
  clock: Clock;
  notify: Pick<NotificationsService, 'announce'>;
  /** A mail was queued: wake the job worker. */
  jobsQueued: () => void;
}

/** A real calendar date written YYYY-MM-DD, not in the future. */
function validDob(raw: string | undefined, today: Date): string {
  const value = (raw ?? '').trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new ValidationError(messages.identityDobInvalid);
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getTime() > today.getTime()) {
    throw new ValidationError(messages.identityDobInvalid);
  }
  return value;
}

/**
 * Identity verification (docs/product-decisions.md §11): documents encrypted as they arrive, reviewed
 * by a moderator in the desk, the person told of the outcome, the documents deleted 30 days after it.
 */
export function createIdentityService({ identity, roles, vault, uow, clock, notify, jobsQueued }: IdentityServiceDeps) {
  async function requireModerator(viewer: Viewer): Promise<void> {
    const role = await roles.roleOf(viewer.userId);
    if (role !== 'moderator' && role !== 'admin') throw new ForbiddenError(messages.moderatorsOnly);
  }

  async function findRequest(id: string): Promise<IdentityRequestRow> {
    const row = isUuid(id) ? await identity.find(id) : undefined;
    if (!row) throw new NotFoundError(messages.identityRequestNotFound);
    return row;
  }

  function toItem(row: IdentityRequestRow): IdentityQueueItem {
    return {
      id: row.id,
      user: { username: row.username, fullName: row.full_name, birthDate: row.birth_date },
      dob: row.dob,
      dobMatches: row.dob_matches,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  function toRequest(row: IdentityRequestRow): IdentityRequestResponse {
    const kept = row.documents_deleted_at === null && row.document_keys.length === IDENTITY_DOCUMENTS.length;
    return {
      ...toItem(row),
      status: row.status,
      reason: row.reason,
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      documentsDeleted: row.documents_deleted_at !== null,
      documents: kept ? [...IDENTITY_DOCUMENTS] : [],
    };
  }

  /** Why a new request is refused now (one pending at a time; none after an approval), or nothing. */
  async function refusal(userId: string): Promise<string | null> {
    const { latest } = await identity.statusOf(userId);
    if (latest?.status === 'pending') return messages.identityPending;
    if (latest?.status === 'approved' || (await identity.isVerified(userId))) return messages.identityAlreadyApproved;
    return null;
  }

  return {
    /** Refuses at once, before any file is received, a request that could not be accepted. */
    async assertCanSubmit(viewer: Viewer): Promise<void> {
      const refused = await refusal(viewer.userId);
      if (refused) throw new ConflictError(refused);
    },

    /**
     * Encrypts one uploaded document into the vault as it streams in. A file over the size limit is
     * deleted and refused (413).
     */
    async receiveDocument(file: UploadedDocument): Promise<string> {
      const stored = await vault.store(file, IDENTITY_FILE_MAX_BYTES);
      if (file.truncated) {
        await vault.remove([stored.key]);
        throw new AppError(413, messages.identityImageTooLarge);
      }
      return stored.key;
    },

    /** Deletes documents received for a request that was not accepted. */
    discard: (keys: string[]) => vault.remove(keys),

    /**
     * A new request from the received documents: each must be an image by its bytes; a date of birth
     * other than the account's is accepted and flagged for the moderator. Whatever is refused, its
     * documents are deleted.
     */
    async submit(viewer: Viewer, input: { dob: string | undefined; documents: Partial<Record<IdentityDocument, string>> }) {
      const received = Object.values(input.documents).filter((key): key is string => typeof key === 'string');
      try {
        const dob = validDob(input.dob, clock.now());
        const keys = IDENTITY_DOCUMENTS.map((document) => input.documents[document]);
        if (keys.some((key) => !key)) throw new ValidationError(messages.identityDocumentsRequired);
        for (const key of keys as string[]) {
          const image = await detectImage(await vault.open(key));
          if (!image) throw new ValidationError(messages.identityImageInvalid);
          if (image.pixels > MAX_INPUT_PIXELS) throw new ValidationError(messages.uploadImageTooLarge);
        }
        const birthDate = await identity.birthDateOf(viewer.userId);
        const created = await identity.insertPending({
          userId: viewer.userId,
          dob,
          dobMatches: birthDate === dob,
          documentKeys: keys as string[],
          at: clock.now(),
        });
        if (!created) throw new ConflictError((await refusal(viewer.userId)) ?? messages.identityPending);
        return { success: true as const, status: 'pending' as const, message: messages.identitySent };
      } catch (error) {
        await vault.remove(received);
        throw error;
      }
    },

    /** GET /api/verification/status: the latest request's outcome and the verified check. */
    async status(viewer: Viewer): Promise<VerificationStatusResponse> {
      const { latest, isVerified } = await identity.statusOf(viewer.userId);
      return {
        identity: latest?.status ?? 'none',
        identityReason: latest?.status === 'rejected' ? latest.reason : null,
        account: isVerified ? 'active' : 'none',
      };
    },

    /** The desk's Identidad queue: pending requests, date-of-birth mismatches first, then the oldest. */
    async queue(viewer: Viewer, cursor: string | undefined): Promise<IdentityQueueResponse> {
      await requireModerator(viewer);
      let after;
      if (cursor) {
        const [flag, at, id] = decodeCursor(cursor, 3) as [string, string, string];
        if ((flag !== '0' && flag !== '1') || !isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
        after = { dobMatches: flag === '1', at, id };
      }
      const rows = await identity.pendingPage(IDENTITY_QUEUE_PAGE_SIZE + 1, after);
      const page = rows.slice(0, IDENTITY_QUEUE_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > IDENTITY_QUEUE_PAGE_SIZE && last ? encodeCursor([last.dob_matches ? '1' : '0', last.cursor_at, last.id]) : null,
      };
    },

    async request(viewer: Viewer, id: string): Promise<IdentityRequestResponse> {
      await requireModerator(viewer);
      return toRequest(await findRequest(id));
    },

    /** One document's image, decrypted for a moderator (never cached, never through the media route). */
    async document(viewer: Viewer, id: string, document: string): Promise<{ bytes: Buffer; contentType: string }> {
      await requireModerator(viewer);
      const row = await findRequest(id);
      const index = IDENTITY_DOCUMENTS.indexOf(document as IdentityDocument);
      if (index < 0) throw new NotFoundError(messages.notFound);
      const key = row.document_keys[index];
      if (row.documents_deleted_at !== null || !key) throw new NotFoundError(messages.identityDocumentsDeleted);
      const bytes = await vault.open(key);
      const image = await detectImage(bytes);
      const servedAs = image ? SERVED_AS[image.format] : undefined;
      if (servedAs) return { bytes, contentType: servedAs };
      // HEIC and TIFF, which browsers do not show: a JPEG of the same picture, made in memory.
      return { bytes: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' };
    },

    /**
     * Approves or rejects a pending request (a reason is required to reject). The decision, the
     * person's notification and email commit together; an approval marks the account verified.
     */
    async decide(viewer: Viewer, id: string, body: IdentityDecisionBody) {
      await requireModerator(viewer);
      const row = await findRequest(id);
      if (row.user_id === viewer.userId) throw new ForbiddenError(messages.identityOwnRequest);
      const reason = (body.reason ?? '').trim() || null;
      if (body.decision === 'reject' && !reason) throw new ValidationError(messages.identityReasonRequired);
      if (reason && reason.length > IDENTITY_REASON_MAX_LENGTH) throw new ValidationError(messages.moderationReasonTooLong);
      const outcome = body.decision === 'approve' ? ('approved' as const) : ('rejected' as const);
      const at = clock.now();
      await uow.run(async (r) => {
        const decided = await r.identity.decide({ id: row.id, status: outcome, reason, moderatorId: viewer.userId, at });
        if (!decided) throw new ConflictError(messages.identityAlreadyDecided);
        await r.notifications.insert({ recipientId: row.user_id, actorId: null, type: 'identity_decision', detail: outcome, text: reason, at });
        await r.jobs.enqueue({
          name: 'mail.send',
          data: {
            message: { kind: 'identity-decision', to: row.email, username: row.username, outcome, reason, language: await r.preferences.languageOf(row.user_id) },
          },
        });
      });
      await notify.announce([{ userId: row.user_id, event: 'notification' }]);
      jobsQueued();
      return {
        success: true as const,
        message: outcome === 'approved' ? messages.identityApproved : messages.identityRejected,
        request: toRequest(await findRequest(id)),
      };
    },

    /**
     * Deletes the documents of every request decided more than 30 days ago (the files first, then the
     * record that they are gone, so an interrupted run is finished by the next). Returns how many.
     */
    async purgeDecided(): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - IDENTITY_DOCUMENTS_KEPT_DAYS * DAY_MS);
      let purged = 0;
      for (;;) {
        const due = await identity.documentsDue(before, PURGE_BATCH);
        for (const request of due) {
          await vault.remove(request.document_keys);
          await identity.markDocumentsDeleted(request.id, now);
        }
        purged += due.length;
        if (due.length < PURGE_BATCH) return purged;
      }
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
