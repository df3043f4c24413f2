import type pg from 'pg';

/**
 * Named prepared statements for every parameterized query on a PostgreSQL connection, and on the
 * embedded engine (PGlite is one PostgreSQL session).
 *
 * Kysely sends each query as an unnamed statement: PostgreSQL parses, analyzes and plans its text
 * again on every execution. For the API's reads that was most of the database's work: planning the
 * feed's page took 0.9 ms against 0.8 ms to run it, the notifications page 4.6 ms against 1.1 ms,
 * the session lookup of every request 0.07 ms against 0.01 ms (docs/benchmarks.md, "Where the time
 * goes"). A named statement is parsed once per connection and its text is no longer sent; after five
 * executions PostgreSQL keeps a generic plan when it is estimated no dearer than the custom ones
 * (plan_cache_mode auto), so planning goes too. Nothing is cached but the statement: every execution
 * reads the rows as they are, with the access rules' conditions in the statement as before.
 *
 * A statement that fails only when planned generically (see `unpreparable`) fails once, then runs
 * unprepared; none is known today (the one there was now names its partial index with a literal).
 *
 * A statement whose best plan depends on its values (full-text search: a rare word and a word in
 * every other post want different plans) begins with CUSTOM_PLAN and is not prepared: a generic
 * plan made it never finish (search "atardecer en la playa": no answer within 10 s under load).
 *
 * Each connection keeps at most `limit` statements: the least recently used one is deallocated when
 * another comes (statements whose text varies, such as `IN` lists of different lengths, cannot pile
 * up on the server). Only queries with parameters are prepared: utility statements (BEGIN, SET,
 * LISTEN, …) run as before. A prepared statement whose result's row type a schema change altered
 * ("cached plan must not change result type"; PostgreSQL replans any other change by itself), or one
 * the server no longer holds (DISCARD ALL), is forgotten and prepared afresh: outside a transaction
 * the execution is repeated at once, inside one the error stands (the transaction is aborted) once.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

/** The first words of a statement planned afresh on every execution, with its values (see above). */
export const CUSTOM_PLAN = '/* custom plan */';

/**
 * Statements PostgreSQL refused to plan generically (an ON CONFLICT whose partial index is named by a
 * parameter cannot be matched without its value: "no unique or exclusion constraint matching"): run
 * unprepared from then on, in every connection of this process.
 */
const unpreparable = new Set<string>();

const PREPARING = Symbol('wag.preparedStatements');

/**
 * Statement names are unique in the process, not per client: the embedded engine is one session whose
 * connection object (and its record of parsed statements) outlives a pooled client, so a name is never
 * given to two texts.
 */
let nextName = 0;

type Queryable = { [PREPARING]?: true; connection?: { parsedStatements?: Record<string, string> } };

/**
 * A prepared statement the server can no longer run as it was prepared: its result's row type changed
 * (`feature_not_supported` from RevalidateCachedQuery, recognised by its routine and code, whatever the
 * language of the server's messages) or it no longer exists (`invalid_sql_statement_name`).
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: string; routine?: string };
  if (code === '26000') return true;
  if (code !== '0A000') return false;
  return routine === 'RevalidateCachedQuery' || (error instanceof Error && /cached plan must not change result type/.test(error.message));
}

/** Makes `client` prepare its parameterized queries (idempotent: a pooled client is patched once). */
export function prepareStatements<C extends pg.PoolClient>(client: C, limit = PREPARED_STATEMENTS_PER_CONNECTION): C {
  const target = client as unknown as Queryable;
  if (target[PREPARING]) return client;
  target[PREPARING] = true;
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  /** Statement text → its name on this connection, least recently used first. */
  const names = new Map<string, string>();

  const forget = (text: string) => {
    const name = names.get(text);
    if (name === undefined) return;
    names.delete(text);
    const parsed = target.connection?.parsedStatements;
    const wasParsed = parsed !== undefined && parsed[name] !== undefined;
    if (parsed) delete parsed[name];
    // Queued behind the queries already sent; a statement never parsed (its Parse failed) has nothing to free.
    if (wasParsed) original(`DEALLOCATE ${name}`).catch(() => undefined);
  };

  /** Whether the connection is inside a transaction (Kysely's begin/commit/rollback pass through here). */
  let inTransaction = false;

  const execute = (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    let name = names.get(text);
    if (name === undefined) {
      name = `wag_${nextName++}`;
      if (names.size >= limit) forget(names.keys().next().value!);
    } else {
      names.delete(text);
    }
    names.set(text, name);
    return original({ name, text, values });
  };

  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string') {
      if (/^\s*(begin|start\s+transaction)\b/i.test(text)) inTransaction = true;
      else if (/^\s*(commit|end|rollback(?!\s+to\b))\b/i.test(text)) inTransaction = false;
    }
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || args.length > 2 || text.startsWith(CUSTOM_PLAN) || unpreparable.has(text)) return original(...args);
    return execute(text, values).catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      if (code === '42P10') {
        unpreparable.add(text);
        forget(text);
        throw error;
      }
      // The plan outlived a change of the result's row type, or the statement is gone (DISCARD ALL, a
      // pooler's reset): forgotten here too and prepared afresh. Outside a transaction the execution is
      // repeated at once, so nobody sees the error; inside one the transaction is already aborted, so
      // the error stands (once: the next execution prepares it afresh).
      if (!isStalePreparedStatement(error)) throw error;
      forget(text);
      if (inTransaction) throw error;
      return execute(text, values);
    });
  };
  return client;
}

/** A pool whose clients prepare their statements: what Kysely's PostgresDialect is given. */
export function preparingPool(pool: pg.Pool, limit = PREPARED_STATEMENTS_PER_CONNECTION) {
  // Kysely reads `options` and `Client` too (the connection it opens to cancel a query).
  return {
    connect: async () => prepareStatements(await pool.connect(), limit),
    end: () => pool.end(),
    options: pool.options,
    Client: (pool as unknown as { Client: typeof pg.Client }).Client,
  };
}
