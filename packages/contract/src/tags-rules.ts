// Hashtag and mention rules with no schema library: the server (tag extraction, mention notices,
// the tag pages) and the web app (linked text, the tag page) read text the same way.
/**
 * The rules (docs/decisions/0025-hashtags-and-mentions.md):
 *
 * - A mention is `@` and 1 to 20 of [A-Za-z0-9_] (docs/product.md §9), the whole run of letters after
 *   the `@`: "@josé" is no mention (no username holds an "é", and "@jos" would name someone else).
 * - A hashtag is `#` and 1 to 50 letters (any script, accents and ñ included), digits or `_`, with at
 *   least one letter ("#2026" is a number, "#verano2026" a tag). Its tag is that text in Unicode NFC,
 *   lower-cased: #Playa and #playa are one tag, #año and #ano two (accents are kept: in Spanish they
 *   change the word).
 * - Either counts only where a word starts: after the start of the text or a character that is not a
 *   letter, digit, `_` or one of @#$%&*+=/\- . So the @ of an e-mail address (ana@example.com), a
 *   path (example.com/@ana), "C#" or an HTML entity (&#38;) is plain text.
 */
export const MENTION_MAX_LENGTH = 20;
export const TAG_MAX_LENGTH = 50;
/** At most this many tags on one post (the upload form's and the caption's together). */
export const MAX_TAGS_PER_POST = 30;
/** GET /api/tags/{tag}: posts per page. */
export const TAG_PAGE_SIZE = 24;
/** GET /api/tags/suggest: at most this many tags. */
export const TAG_SUGGEST_LIMIT = 8;

export const tagSorts = ['recent', 'popular'] as const;
export type TagSort = (typeof tagSorts)[number];

/** A word that may follow `@` or `#`, with what came just before it (group 1) and the sigil (group 2). */
const TOKEN = /(^|[^\p{L}\p{M}\p{N}_@#$%&*+=/\\-])([@#])([\p{L}\p{M}\p{N}_]+)/gu;
const USERNAME_BODY = /^[A-Za-z0-9_]{1,20}$/;
const TAG_BODY = /^[\p{L}\p{M}\p{N}_]+$/u;
const HAS_LETTER = /\p{L}/u;

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}
const ASCII_TAG_BODY = /^[a-z0-9_]+$/;
const ASCII_LETTER = /[a-z]/;

/** A tag as it is stored and looked up: NFC, lower-cased; null when it is not a valid tag. */
export function normalizeTag(raw: string): string | null {
  // ASCII is its own NFC, and its letters, digits and `_` are the rule's: the same answer without the
  // Unicode classes (see asciiTokens).
  const ascii = isAscii(raw);
  const tag = ascii ? raw.replace(/^#/, '').toLowerCase() : raw.replace(/^#/, '').normalize('NFC').toLowerCase();
  if (tag.length === 0 || tag.length > TAG_MAX_LENGTH) return null;
  if (ascii) return ASCII_TAG_BODY.test(tag) && ASCII_LETTER.test(tag) ? tag : null;
  if (!TAG_BODY.test(tag) || !HAS_LETTER.test(tag)) return null;
  return tag;
}

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'hashtag'; text: string; tag: string };

/** A `@` or `#` where a word starts, and the run of letters, marks, digits and `_` after it. */
interface Token {
  start: number;
  sigil: string;
  body: string;
}

/** The tokens of `text` by the rule's regular expression. */
function tokensByRule(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => ({ start: (match.index ?? 0) + (match[1] ?? '').length, sigil: match[2]!, body: match[3] ?? '' }));
}

/** The characters after which no token starts, besides letters, marks, digits and `_`: @#$%&*+=/\- */
const NOT_BEFORE = new Set([...'@#$%&*+=/\\-'].map((char) => char.charCodeAt(0)));

/** [A-Za-z0-9_]: the ASCII letters, digits and `_` (ASCII has no marks). */
function isAsciiWord(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/**
 * The same tokens as `tokensByRule`, found without its Unicode classes while every character the rule
 * looks at (the one before each `@` or `#`, the word after it and the one after that) is ASCII; null
 * as soon as one is not, and the rule decides. V8 compiles a regular expression of \p{L}, \p{M} and
 * \p{N} the first time it runs it: 4 ms on a desktop, about 16 ms at a phone's speed, inside the render
 * of the first caption on the screen. Most captions' tags and mentions are plain ASCII words ("#cafe",
 * "@ana"), whatever the text around them.
 */
function asciiTokens(text: string): Token[] | null {
  const tokens: Token[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    const hash = text.indexOf('#', from);
    const start = at === -1 ? hash : hash === -1 ? at : Math.min(at, hash);
    if (start === -1) return tokens;
    if (start > 0) {
      const before = text.charCodeAt(start - 1);
      if (before > 0x7f) return null;
      if (isAsciiWord(before) || NOT_BEFORE.has(before)) {
        from = start + 1;
        continue;
      }
    }
    let end = start + 1;
    while (end < text.length && isAsciiWord(text.charCodeAt(end))) end += 1;
    if (end < text.length && text.charCodeAt(end) > 0x7f) return null;
    if (end > start + 1) tokens.push({ start, sigil: text[start]!, body: text.slice(start + 1, end) });
    from = end > start + 1 ? end : start + 1;
  }
}

/** A text cut into plain runs, mentions and hashtags, in order; joined back, the parts give the text. */
export function splitText(text: string): TextPart[] {
  return partsOf(text, asciiTokens(text) ?? tokensByRule(text));
}

/** `splitText` by the rule's regular expression alone: the reference its faster reading is tested against. */
export function splitTextByRule(text: string): TextPart[] {
  return partsOf(text, tokensByRule(text));
}

function partsOf(text: string, tokens: Token[]): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const { start, sigil, body } of tokens) {
    const token = `${sigil}${body}`;
    let part: TextPart | null = null;
    if (sigil === '@' && USERNAME_BODY.test(body)) part = { kind: 'mention', text: token, username: body };
    if (sigil === '#') {
      const tag = normalizeTag(body);
      if (tag) part = { kind: 'hashtag', text: token, tag };
    }
    if (!part) continue;
    if (start > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, start) });
    parts.push(part);
    plainFrom = start + token.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}

/** The distinct tags a text holds, in order of first use. */
export function hashtagsIn(text: string): string[] {
  const tags = new Set<string>();
  for (const part of splitText(text)) if (part.kind === 'hashtag') tags.add(part.tag);
  return [...tags];
}

/** The distinct usernames a text mentions (lower-cased), in order of first use. */
export function mentionsIn(text: string): string[] {
  const names = new Set<string>();
  for (const part of splitText(text)) if (part.kind === 'mention') names.add(part.username.toLowerCase());
  return [...names];
}

/** The address of a tag's page. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}
