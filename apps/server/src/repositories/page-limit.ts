import { sql } from 'kysely';

/**
 * A page's LIMIT written into the statement, not sent as a parameter. Prepared (db/prepared-statements.ts),
 * a page's statement gets a generic plan only if PostgreSQL prices it no dearer than the custom plans;
 * with the LIMIT unknown it prices the generic plan for a tenth of the rows it expects, not for a page:
 * - the home timeline's page (feed.repository.ts), priced for 50 of 505 rows of a 1,500-entry timeline
 *   instead of 13, was planned afresh on every read: 4.2 to 5.0 ms of database CPU per execution
 *   against 1.6 to 2.0 with the generic plan (docs/benchmarks.md, "API ratios");
 * - a page of a post's comments and each comment's first replies (comments.repository.ts): with the
 *   index for the walk and the access rules' array form, their plans walk to the page's end instead of
 *   reading and sorting every comment (docs/decisions/0040-comment-threads.md).
 * The page sizes are a few constants, so the statement texts are too.
 */
export function pageLimit(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`a page limit must be a positive integer, not ${limit}`);
  return sql.lit(limit);
}
