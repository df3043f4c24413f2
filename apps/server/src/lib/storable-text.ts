/** A UTF-16 surrogate without its other half: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a value holds, in any string or key at any depth, text the database cannot store: the NUL
 * character (PostgreSQL text refuses it, and the whole statement with it) or a lone surrogate (not
 * valid Unicode; the embedded database's driver then miscounts the UTF-8 bytes it sends). No field
 * of WAG has a use for either. Walked with an explicit stack, so a JSON body nested far deeper than
 * the call stack is fine.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnstorable(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (isUnstorable(key)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}
