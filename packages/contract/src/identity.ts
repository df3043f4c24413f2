import { z } from 'zod';
import { IDENTITY_DOCUMENTS } from './identity-rules.js';
import { identityStatus } from './payments.js';

export * from './identity-rules.js';

// The moderation desk's Identidad queue (issue 15): moderators and admins only. The documents
// themselves are images streamed one by one (identityDocument), never media URLs.

export const identityDocument = z.enum(IDENTITY_DOCUMENTS);

export const identityQueueQuery = z.object({ cursor: z.string().max(300).optional() });

/** Who sent a request, as the desk shows them. */
const requester = z.object({
  username: z.string(),
  fullName: z.string().nullable(),
  /** The date of birth of the account (YYYY-MM-DD). */
  birthDate: z.string(),
});

/** One pending request of the queue: date-of-birth mismatches first, then the oldest. */
export const identityQueueItem = z.object({
  id: z.string(),
  user: requester,
  /** The date of birth sent with the documents (YYYY-MM-DD). */
  dob: z.string(),
  /** False when it is not the account's: flagged for the moderator. */
  dobMatches: z.boolean(),
  createdAt: z.string(),
});
export type IdentityQueueItem = z.infer<typeof identityQueueItem>;

export const identityQueueResponse = z.object({ items: z.array(identityQueueItem), nextCursor: z.string().nullable() });
export type IdentityQueueResponse = z.infer<typeof identityQueueResponse>;

export const identityRequestParams = z.object({ id: z.string().max(100) });
export const identityDocumentParams = z.object({ id: z.string().max(100), document: z.string().max(20) });

/** GET /api/moderation/identity/:id: a request with its outcome, if decided. */
export const identityRequestResponse = identityQueueItem.extend({
  status: identityStatus.exclude(['none']),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The documents are deleted 30 days after the decision. */
  documentsDeleted: z.boolean(),
  /** The documents to fetch (identityDocument), while they are kept. */
  documents: z.array(identityDocument),
});
export type IdentityRequestResponse = z.infer<typeof identityRequestResponse>;

/** POST /api/moderation/identity/:id/decision: reason required to reject (the person is told it). */
export const identityDecisionBody = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().max(20_000).nullish(),
});
export type IdentityDecisionBody = z.infer<typeof identityDecisionBody>;

export const identityDecisionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  request: identityRequestResponse,
});
export type IdentityDecisionResponse = z.infer<typeof identityDecisionResponse>;
