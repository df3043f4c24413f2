import { sql, type RawBuilder } from 'kysely';

/**
 * User text folded the way wag_search_text folds names (lower case, accents dropped), then with
 * LIKE's wildcards escaped. Escaping has to come after folding: folding turns signs such as a
 * full-width ％ or ＿ into plain % and _, which would otherwise act as wildcards.
 */
export function likeSafeSearchText(text: string): RawBuilder<string> {
  return sql<string>`replace(replace(replace(wag_search_text(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}
