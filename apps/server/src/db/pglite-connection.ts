import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

type Parse = Parameters<typeof serialize.parse>[0];
type Bind = Parameters<typeof serialize.bind>[0];
type Execute = Parameters<typeof serialize.execute>[0];
type Portal = Parameters<typeof serialize.describe>[0];

/**
 * node-postgres's connection to an embedded PGlite engine on this thread, in place of the one PGlite
 * ships (`@electric-sql/pglite/node-postgres`), which hands the engine every protocol message by
 * itself: a prepared query is Bind, Describe, Execute and Sync, four calls into the engine, each
 * through its lock, its file-system sync and a promise chain. Here the messages of one exchange wait
 * until node-postgres ends it (Sync, Flush, or a simple Query) and go to the engine in one call, as
 * one socket write would carry them to a server: the engine reads them in order and answers them all
 * (an error skips the rest up to the Sync, as on a server). Half the engine's overhead per query
 * (docs/benchmarks.md, "The embedded database: one call per query, and a fair queue").
 *
 * node-postgres drives it as it drives its own socket connection: the same methods, and the server's
 * messages emitted as events by name. Startup and authentication do not exist in one process.
 */
export class PgliteConnection extends EventEmitter {
  /** Read and written by node-postgres (its record of the statements this session has parsed). */
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  _connecting = false;
  /** node-postgres ends a connection by destroying its stream. */
  readonly stream = { destroy: () => this.end() };

  readonly #engine: PGlite;
  /** Messages of the exchange node-postgres is still writing. */
  #pending: Uint8Array[] = [];
  /** The engine's work in order: one exchange at a time. */
  #queue: Promise<unknown>;
  /** Whether anyone reads raw 'message' events (node-postgres does not by default). */
  #messageListeners = false;

  constructor(engine: PGlite) {
    super();
    this.#engine = engine;
    this.#queue = engine.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.#messageListeners = true;
    });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#engine.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // One process: no TLS, no startup packet, no password exchange, nothing to cancel from outside.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.#write(serialize.query(text));
    this.#send();
  }
  parse(query: Parse): void {
    this.#write(serialize.parse(query));
  }
  bind(config: Bind): void {
    this.#write(serialize.bind(config));
  }
  describe(portal: Portal): void {
    this.#write(serialize.describe(portal));
  }
  execute(config: Execute): void {
    this.#write(serialize.execute(config));
  }
  close(portal: Portal): void {
    this.#write(serialize.close(portal));
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#write(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#write(serialize.copyDone());
    this.#send();
  }
  sendCopyFail(message: string): void {
    this.#write(serialize.copyFail(message));
    this.#send();
  }
  flush(): void {
    this.#write(serialize.flush());
    this.#send();
  }
  sync(): void {
    this.#write(serialize.sync());
    this.#send();
  }

  /**
   * The client ends (the pool discards it, or the database closes). The engine is one session that
   * outlives the client: a transaction the client left open (an error mid-transaction, a failed
   * rollback) is rolled back, or the next client's statements would run inside it. The next client
   * may already be listening on this object when that is done, so only the ending client's 'end'
   * listeners hear it.
   */
  end(): void {
    this.#pending = [];
    const ended = this.listeners('end') as Array<() => void>;
    this.#queue = this.#queue
      .then(async () => {
        if (this.#engine.closed) return;
        if (this.#engine.isInTransaction()) await this.#engine.exec('ROLLBACK');
      })
      .catch(() => undefined)
      .then(() => {
        for (const listener of ended) listener();
      });
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
    this.#messageListeners = false;
  }

  #write(message: Uint8Array): void {
    this.#pending.push(message);
  }

  /** Hands the engine the exchange written so far, and emits its answers in order. */
  #send(): void {
    const messages = this.#pending;
    this.#pending = [];
    const bytes = messages.length === 1 ? messages[0]! : Buffer.concat(messages);
    this.#queue = this.#queue
      .then(nextTurn)
      .then(() => this.#engine.execProtocolStream(bytes, { throwOnError: false }))
      .then((answers) => {
        for (const answer of answers) {
          if (this.#messageListeners) this.emit('message', answer);
          this.emit(answer.name === 'error' ? 'errorMessage' : answer.name, answer);
        }
      })
      // The engine failed (closed, or a fault in it): the client's query fails through its 'error'
      // listener; with none (the client already gone) there is no one to tell. The queue goes on either way.
      .catch((error: unknown) => {
        if (this.listenerCount('error') > 0) this.emit('error', error);
      });
  }
}

/**
 * Waits for the event loop's next turn. The engine runs on this thread, synchronously, and each answer
 * lets a request send its next query at once: chained as promises only, the queries of the requests
 * already inside would run one after another without the loop ever reading a socket, and a request
 * on a new connection waited for seconds while the others were served (under 50 connections, p99 3 to
 * 6 s against a p50 of 0.2 s; with the turn, p99 about twice p50). One turn per exchange keeps the
 * queue fair: new requests are read and queued between two queries.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A node-postgres client or pool configuration on the engine: one connection (PGlite is one session). */
export function pgliteClientConfig(engine: PGlite) {
  return {
    user: 'postgres',
    database: 'postgres',
    connection: new PgliteConnection(engine),
  };
}
