import type pg from 'pg';

/**
 * Named prepared statements for every parameterized query on a PostgreSQL connection.
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
 * LISTEN, …) run as before. A prepared statement whose result type a schema change altered fails
 * once with "cached plan must not change result type", and one the server no longer holds (DISCARD
 * ALL) fails once with "does not exist": either is then forgotten, and prepared again on its next
 * execution.
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

type Queryable = { [PREPARING]?: true; connection?: { parsedStatements?: Record<string, string> } };

/** Makes `client` prepare its parameterized queries (idempotent: a pooled client is patched once). */
export function prepareStatements<C extends pg.PoolClient>(client: C, limit = PREPARED_STATEMENTS_PER_CONNECTION): C {
  const target = client as unknown as Queryable;
  if (target[PREPARING]) return client;
  target[PREPARING] = true;
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  /** Statement text → its name on this connection, least recently used first. */
  const names = new Map<string, string>();
  let next = 0;

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

  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || args.length > 2 || text.startsWith(CUSTOM_PLAN) || unpreparable.has(text)) return original(...args);
    let name = names.get(text);
    if (name === undefined) {
      name = `wag_${next++}`;
      if (names.size >= limit) forget(names.keys().next().value!);
    } else {
      names.delete(text);
    }
    names.set(text, name);
    return original({ name, text, values }).catch((error: unknown) => {
      // The plan outlived a schema change, or the statement is gone (DISCARD ALL, a pooler's reset):
      // forgotten here too, so that the next execution prepares it afresh.
      const code = (error as { code?: string }).code;
      if (error instanceof Error && (/cached plan must not change result type/.test(error.message) || code === '26000')) forget(text);
      if (code === '42P10') {
        unpreparable.add(text);
        forget(text);
      }
      throw error;
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
