// Identity verification (issue 15; docs/product-decisions.md §11): what the form, the server and the
// moderation desk share. No schema library here: the web bundle imports this file at runtime.

/** The three images of a request, by the name the desk fetches them with. */
export const IDENTITY_DOCUMENTS = ['front', 'back', 'selfie'] as const;
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number];

/** The multipart field of each document (docs/product.md §3: idFront, idBack, selfie). */
export const IDENTITY_DOCUMENT_FIELDS: Record<IdentityDocument, string> = { front: 'idFront', back: 'idBack', selfie: 'selfie' };

/** The largest image accepted for each document. */
export const IDENTITY_FILE_MAX_BYTES = 15 * 1024 * 1024;

/** Days the documents are kept after the decision; then they are deleted. */
export const IDENTITY_DOCUMENTS_KEPT_DAYS = 30;

/** Requests per page of the desk's Identidad queue. */
export const IDENTITY_QUEUE_PAGE_SIZE = 30;

/** The reason a moderator writes (required to reject). */
export const IDENTITY_REASON_MAX_LENGTH = 1000;
