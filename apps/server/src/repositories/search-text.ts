import { sql, type RawBuilder } from 'kysely';

/**
 * User text folded the way wag_search_text folds names (lower case, accents dropped), then with
 * LIKE's wildcards escaped. Escaping has to come after folding: folding turns signs such as a
 * full-width ％ or ＿ into plain % and _, which would otherwise act as wildcards.
 */
export function likeSafeSearchText(text: string): RawBuilder<string> {
  return sql<string>`replace(replace(replace(wag_search_text(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

/**
 * Whether the `users` row under `alias` has a username or full name containing `needle` (from
 * likeSafeSearchText), or, with `prefix`, starting with it. Reads the stored folded columns, which
 * trigram and pattern indexes cover.
 */
export function nameMatches(alias: string, needle: RawBuilder<string>, { prefix = false } = {}): RawBuilder<boolean> {
  const username = sql.ref(`${alias}.search_username`);
  const fullName = sql.ref(`${alias}.search_full_name`);
  return prefix
    ? sql<boolean>`(${username} LIKE ${needle} || '%' OR ${fullName} LIKE ${needle} || '%')`
    : sql<boolean>`(${username} LIKE '%' || ${needle} || '%' OR ${fullName} LIKE '%' || ${needle} || '%')`;
}

/** Below this many characters a name search over everyone matches name starts only: trigram indexes need three. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * A name search over all users (the search screen): `matches` is "contains the text", or "starts
 * with it" for texts too short for the trigram indexes, which would otherwise mean reading every
 * user; `startsWith` ranks names that begin with the text first. (The @mention box keeps matching
 * one or two signs anywhere in a name, as its own tests require.)
 */
export function nameSearch(alias: string, text: string): { matches: RawBuilder<boolean>; startsWith: RawBuilder<boolean> } {
  const needle = likeSafeSearchText(text);
  const startsWith = nameMatches(alias, needle, { prefix: true });
  return { matches: [...text].length < TRIGRAM_MIN_LENGTH ? startsWith : nameMatches(alias, needle), startsWith };
}
