/**
 * The embedded database's own thread (db/pglite-thread.ts starts it): PGlite runs here, so its
 * queries use the machine's second core while the main thread serves HTTP. It speaks the
 * PostgreSQL wire protocol with the main thread's node-postgres client over the worker's message
 * port: bytes in, whole messages to the engine, the engine's answer out.
 */
import { inspect } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite-engine.js';
import type { FromWorker, ToWorker, WorkerOptions } from './pglite-thread.js';

const port = parentPort!;
const options = workerData as WorkerOptions;
const SSL_REQUEST = 80877103;
const TERMINATE = 0x58;

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

let engine: PGlite;
try {
  engine = await openPglite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : inspect(error) });
  throw error;
}

/** Bytes of the current connection not yet forming a whole message; whether its startup is done. */
let pending = new Uint8Array(0);
let started = false;
/** One thing at a time, in arrival order: PGlite is one connection. */
let queue: Promise<void> = Promise.resolve();

const int32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0);

async function receive(bytes: Uint8Array): Promise<void> {
  if (pending.length > 0) {
    const joined = new Uint8Array(pending.length + bytes.length);
    joined.set(pending);
    joined.set(bytes, pending.length);
    bytes = joined;
  }
  const answers: Uint8Array[] = [];
  /** Where the whole messages not yet handed to the engine begin. */
  let from = -1;
  let at = 0;
  // The whole messages that arrived together go to the engine in one call (it answers them in order),
  // as node-postgres writes one query's Bind, Describe, Execute and Sync together.
  const run = async (end: number) => {
    // A copy: the answer may be a view of the engine's memory, which the next call reuses.
    if (from >= 0 && end > from) answers.push((await engine.execProtocolRaw(bytes.subarray(from, end))).slice());
    from = -1;
  };
  for (;;) {
    const left = bytes.length - at;
    // The startup message (and an SSL request before it) has no type byte: length, then a code.
    const length = started ? (left >= 5 ? 1 + int32(bytes, at + 1) : 0) : left >= 8 ? int32(bytes, at) : 0;
    if (length === 0 || left < length) break;
    const start = at;
    at += length;
    if (!started) {
      if (int32(bytes, start + 4) === SSL_REQUEST) {
        answers.push(new Uint8Array([0x4e])); // 'N': no TLS inside one process
        continue;
      }
      started = true;
      answers.push((await engine.execProtocolRaw(bytes.slice(start, at))).slice());
    } else if (bytes[start] === TERMINATE) {
      await run(start); // the client leaves; the engine stays open for the next connection
    } else if (from < 0) {
      from = start;
    }
  }
  await run(at);
  pending = bytes.slice(at);
  const size = answers.reduce((sum, part) => sum + part.length, 0);
  if (size === 0) return;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of answers) {
    out.set(part, offset);
    offset += part.length;
  }
  post({ type: 'data', bytes: out }, [out.buffer]);
}

/**
 * The connection ended: forget its half-received bytes, roll back what it left open, and drop its
 * prepared statements (the engine is one session: the next connection names its own from scratch).
 */
async function disconnect(): Promise<void> {
  pending = new Uint8Array(0);
  started = false;
  if (engine.isInTransaction()) await engine.exec('ROLLBACK');
  await engine.exec('DEALLOCATE ALL');
}

port.on('message', (message: ToWorker) => {
  queue = queue
    .then(async () => {
      if (message.type === 'data') await receive(message.bytes);
      else if (message.type === 'disconnect') await disconnect();
      else {
        await engine.close();
        post({ type: 'closed' });
        port.close();
      }
    })
    .catch((error: unknown) => {
      post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : inspect(error) });
    });
});

post({ type: 'ready' });
