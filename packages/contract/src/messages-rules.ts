// Message limits and timings with no schema library, so the web app can use them without loading zod.
/** Limits of direct messages (issue rules: trimmed, non-empty, at most 2,000 characters). */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 30;
/** Messages one sender may send per minute, across all conversations. */
export const MESSAGES_PER_MINUTE = 30;

/** How long 'escribiendo…' stays without a new typing event, and how often a client sends one. */
export const TYPING_SHOWN_MS = 5000;
export const TYPING_EVERY_MS = 3000;
/** How long a video sent in a message may be (docs/product-decisions.md §6 caps each kind of video). */
export const MESSAGE_VIDEO_MAX_MS = 3 * 60_000;
