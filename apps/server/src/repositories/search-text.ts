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
