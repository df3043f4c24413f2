import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';

/** What the main thread sends the database thread. */
export type ToWorker = { type: 'data'; bytes: Uint8Array } | { type: 'disconnect' } | { type: 'close' };
/** What the database thread answers. */
export type FromWorker = { type: 'ready' } | { type: 'data'; bytes: Uint8Array } | { type: 'failed'; message: string } | { type: 'closed' };
export interface WorkerOptions {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

export interface PgliteThread {
  /** A socket-like stream for node-postgres (its `stream` option): one connection at a time. */
  connection(): Duplex;
  /** Closes the engine (its files are left consistent) and ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread (db/pglite-worker.ts). Every query of the embedded database used
 * to run on the main thread, blocking HTTP, access checks and JSON for its whole duration; in its
 * own thread it runs on the second core (docs/decisions/0028-embedded-database.md).
 */
export async function startPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  const source = new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  // Run from TypeScript sources (tsx, vitest): the thread loads them the same way.
  const execArgv = source.pathname.endsWith('.ts') && !process.execArgv.some((arg) => arg.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : undefined;
  const worker = new Worker(source, { workerData: options, execArgv, transferList: options.loadDataDir ? [options.loadDataDir] : [] });

  let current: ThreadConnection | undefined;
  let failure: Error | undefined;
  let closed: (() => void) | undefined;
  let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const started = new Promise<void>((resolve, reject) => {
    ready = { resolve, reject };
  });

  const fail = (error: Error) => {
    failure ??= error;
    ready?.reject(error);
    current?.destroy(error);
    closed?.();
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'ready') ready?.resolve();
    else if (message.type === 'data') current?.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else if (message.type === 'failed') fail(new Error(`embedded database: ${message.message}`));
    else closed?.();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!closed) fail(new Error(`embedded database thread ended (${code})`));
  });
  await started;

  const attach = (connection: ThreadConnection) => {
    current = connection;
  };
  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  class ThreadConnection extends Duplex {
    private chunks: Buffer[] = [];
    private flushing = false;

    connect(): this {
      if (failure) {
        process.nextTick(() => this.destroy(failure));
        return this;
      }
      if (current && !current.destroyed) current.destroy(new Error('embedded database: a second connection replaced this one'));
      attach(this);
      process.nextTick(() => this.emit('connect'));
      return this;
    }

    setNoDelay(): this {
      return this;
    }

    setKeepAlive(): this {
      return this;
    }

    ref(): this {
      return this;
    }

    unref(): this {
      return this;
    }

    override _read(): void {}

    // node-postgres writes a query as several messages in one tick: they cross in one message.
    override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
      this.chunks.push(chunk);
      if (!this.flushing) {
        this.flushing = true;
        process.nextTick(() => this.flush());
      }
      callback();
    }

    private flush(): void {
      this.flushing = false;
      if (this.chunks.length === 0 || current !== this) return;
      const size = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of this.chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      this.chunks = [];
      send({ type: 'data', bytes }, [bytes.buffer]);
    }

    override _final(callback: (error?: Error | null) => void): void {
      this.flush();
      this.leave();
      this.push(null);
      callback();
    }

    override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
      this.leave();
      callback(error);
    }

    private leave(): void {
      if (current !== this) return;
      current = undefined;
      if (!closed && !failure) send({ type: 'disconnect' });
    }
  }

  return {
    connection: () => new ThreadConnection(),
    close: async () => {
      if (closed) return;
      const done = new Promise<void>((resolve) => {
        closed = resolve;
      });
      if (failure) {
        await worker.terminate();
        return;
      }
      send({ type: 'close' });
      await done;
      await worker.terminate();
    },
  };
}
