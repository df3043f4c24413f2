import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** The last few kilobytes the process wrote to stderr. */
  stderr(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Leads its own process group (its ffmpeg children are in it). */
  detached: boolean;
}

/** Every child started through this module, with the data folders it made. */
const started: { child: ChildProcess; dataDir?: string }[] = [];

/**
 * Ends every child still running (SIGTERM, or SIGKILL to the whole group of a detached one) and
 * removes the data folders this module made, even when a start failed half-way.
 */
export async function stopServers(): Promise<void> {
  const all = started.splice(0);
  const running = all.map(({ child }) => child).filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await Promise.all(all.flatMap(({ dataDir }) => (dataDir ? [fs.rm(dataDir, { recursive: true, force: true })] : [])));
}

/** A port nothing listens on right now, chosen by the system. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the real server (src/main.ts) as its own process and waits until it answers. Without a
 * `dataDir` it gets a fresh one, removed by stopServers(); `detached` puts it in its own process
 * group, so a test can kill it together with the ffmpeg it runs, as a machine that dies would.
 */
export async function startServer(env: Record<string, string>, options: { dataDir?: string; detached?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'wag-proc-')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', MEDIA_WORKER: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: options.detached === true,
  });
  started.push({ child, dataDir: options.dataDir ? undefined : dataDir });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
    try {
      const answer = await fetch(`${url}/api/me`, { signal: AbortSignal.timeout(2000) });
      if (answer.status === 401) return { url, child, dataDir, stderr: () => stderr, exited, detached: options.detached === true };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start within 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills a server with SIGKILL (its whole group when detached) and waits until it is gone. */
export async function killServer(server: Pick<ServerProcess, 'child' | 'detached' | 'exited'>): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  if (server.detached && server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
  else server.child.kill('SIGKILL');
  await server.exited;
}

/** Registers a user on a running server and returns their bearer token. */
export async function register(server: Pick<ServerProcess, 'url'>, username: string): Promise<string> {
  const email = `${username}@example.test`;
  const password = 'clave-segura-2026';
  const json = { 'content-type': 'application/json' };
  await fetch(`${server.url}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, email, password, birth_date: '1994-02-03' }) });
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  return ((await login.json()) as { token: string }).token;
}

export interface WorkerProcess {
  child: ChildProcess;
  dataDir: string;
  /** What the process wrote to stdout (its JSON log lines), then stderr. */
  output(): string;
  exited: Promise<number | NodeJS.Signals | null>;
  detached: boolean;
}

/**
 * Starts the job worker (src/worker.ts, `npm run worker`) as its own process, with its own data
 * folder (removed by stopServers()) and its log at info, and waits until it says it is ready.
 */
export async function startWorker(env: Record<string, string>, options: { detached?: boolean } = {}): Promise<WorkerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached === true,
  });
  started.push({ child, dataDir });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (!output.includes('worker listo')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`worker exited with ${child.exitCode ?? child.signalCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`worker did not start within 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, dataDir, output: () => output, exited, detached: options.detached === true };
}
