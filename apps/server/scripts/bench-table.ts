/**
 * The pieces of `npm run bench` (scripts/bench.ts) that do not need a seeded database: the calls'
 * answer check, one load with its refusal of any error, and the one table printer.
 */
import autocannon from 'autocannon';

export interface BenchCall {
  label: string;
  path: string;
  /** The list in the answer that must not be empty (a benchmark of empty pages measures nothing). */
  list?: (body: Record<string, unknown>) => unknown;
  /** A reference row (the hello route, /api/me), measured before and after the calls. */
  reference?: 'hello' | 'me';
}

/** Refuses an answer a benchmark must not measure: any status but 200, a body that is not JSON, an empty page. */
export function checkAnswer(call: BenchCall, status: number, text: string): void {
  if (status !== 200) throw new Error(`${call.label} (${call.path}) answered ${status}: ${text.slice(0, 300)}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${call.label} (${call.path}) answered something that is not JSON: ${text.slice(0, 300)}`);
  }
  if (call.list) {
    const list = call.list(body);
    if (!Array.isArray(list) || list.length === 0) throw new Error(`${call.label} (${call.path}) answered an empty page: ${text.slice(0, 300)}`);
  }
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers: Record<string, string>;
  /** A request unanswered this long counts as an error (autocannon's default is 10 s). */
  timeoutSeconds?: number;
  /** Called just before and just after the measured run (after the warm-up): the CPU accounting of bench.ts. */
  measured?: (phase: 'start' | 'end') => Promise<void>;
}

/**
 * One call under load: a warm-up that is not counted, then `seconds` at `connections`. Any error or
 * answer other than 2xx during either fails the run.
 */
export async function measureLoad(url: string, { connections, seconds, warmupSeconds, headers, timeoutSeconds = 30, measured }: LoadOptions): Promise<LoadResult> {
  const run = async (duration: number) => {
    const result = await autocannon({ url, connections, duration, headers, timeout: timeoutSeconds });
    const bad = result.errors + result.timeouts + result.non2xx;
    if (bad > 0) throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`);
    return result;
  };
  if (warmupSeconds > 0) await run(warmupSeconds);
  await measured?.('start');
  const result = await run(seconds);
  await measured?.('end');
  if (result.requests.total === 0) throw new Error(`${url}: no request finished in ${seconds} s`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

/** A Markdown table with padded columns: readable in a terminal and pasted as is into docs/benchmarks.md. */
export function formatTable(headers: string[], rows: string[][], align: ('left' | 'right')[] = []): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const pad = (text: string, column: number) => (align[column] === 'right' ? text.padStart(widths[column]!) : text.padEnd(widths[column]!));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => pad(cell, column)).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (align[column] === 'right' ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export interface MeasuredCall {
  call: BenchCall;
  /** SQL statements of one request, counted in-process on the same database. */
  statements: number;
  result: LoadResult;
  /** CPU milliseconds per request of the server process and of its PostgreSQL backends, when measured. */
  cpu?: { server: number; database: number };
}

/** One database's run: the references before and after the calls, the calls in between. */
export interface ScaleRun {
  label: string;
  before: { hello: MeasuredCall; me: MeasuredCall };
  calls: MeasuredCall[];
  after: { hello: MeasuredCall; me: MeasuredCall };
}

const fixed = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => (value < 10 ? value.toFixed(1) : fixed(value));
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}` : '–');

/** The references' mean over their before and after runs. */
function reference(run: ScaleRun, which: 'hello' | 'me') {
  const a = run.before[which].result;
  const b = run.after[which].result;
  return { requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2, p99: (a.p99 + b.p99) / 2, p50: (a.p50 + b.p50) / 2 };
}

/**
 * The benchmark's table: for each call at full scale its req/s, p50, p99, the ratios to the
 * references of the same run (req/s and p99 to /api/me's, req/s to the hello route's, each the mean
 * of its runs before and after the calls), SQL statements per request; then, when a tenth-scale run
 * is given, the same call's p50 and p99 there and full ÷ tenth.
 */
export function scaleTable(full: ScaleRun, tenth?: ScaleRun): string {
  const me = reference(full, 'me');
  const hello = reference(full, 'hello');
  const headers = ['Call', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ me', 'p99 ÷ me', 'req/s ÷ hello', 'SQL/req'];
  const cpu = full.calls.some((measured) => measured.cpu);
  if (cpu) headers.push('server CPU ms/req', 'PG CPU ms/req', 'CPU ÷ me');
  const meCpu = full.before.me.cpu && full.after.me.cpu
    ? (full.before.me.cpu.server + full.before.me.cpu.database + full.after.me.cpu.server + full.after.me.cpu.database) / 2
    : undefined;
  if (tenth) headers.push('tenth p50', 'tenth p99', 'p50 full ÷ tenth', 'p99 full ÷ tenth');
  const row = (label: string, measured: MeasuredCall, other?: MeasuredCall) => {
    const { result } = measured;
    const cells = [
      label,
      fixed(result.requestsPerSecond),
      ms(result.p50),
      ms(result.p99),
      ratio(result.requestsPerSecond / me.requestsPerSecond),
      ratio(result.p99 / me.p99),
      ratio(result.requestsPerSecond / hello.requestsPerSecond),
      String(measured.statements),
    ];
    if (cpu) {
      const own = measured.cpu;
      cells.push(own ? own.server.toFixed(2) : '–', own ? own.database.toFixed(2) : '–', own && meCpu ? ratio((own.server + own.database) / meCpu) : '–');
    }
    if (tenth) {
      cells.push(
        other ? ms(other.result.p50) : '–',
        other ? ms(other.result.p99) : '–',
        other ? ratio(result.p50 / other.result.p50) : '–',
        other ? ratio(result.p99 / other.result.p99) : '–',
      );
    }
    return cells;
  };
  const rows = [
    row(`${full.before.hello.call.label} (before)`, full.before.hello, tenth?.before.hello),
    row(`${full.before.me.call.label} (before)`, full.before.me, tenth?.before.me),
    ...full.calls.map((measured, index) => row(measured.call.label, measured, tenth?.calls.find((other) => other.call.label === measured.call.label) ?? tenth?.calls[index])),
    row(`${full.after.hello.call.label} (after)`, full.after.hello, tenth?.after.hello),
    row(`${full.after.me.call.label} (after)`, full.after.me, tenth?.after.me),
  ];
  return formatTable(headers, rows, headers.map((_, column) => (column === 0 ? 'left' : 'right')));
}

/** The embedded default against PostgreSQL on the demo world: each call's figures on both, and PGlite ÷ PostgreSQL. */
export function demoTable(pglite: ScaleRun, postgres: ScaleRun): string {
  const headers = ['Call', 'PGlite req/s', 'PGlite p50', 'PGlite p99', 'PostgreSQL req/s', 'PostgreSQL p50', 'PostgreSQL p99', 'p50 PGlite ÷ PG', 'p99 PGlite ÷ PG', 'req/s PG ÷ PGlite', 'SQL/req'];
  const all = (run: ScaleRun) => [run.before.hello, run.before.me, ...run.calls, run.after.hello, run.after.me];
  const labels = (run: ScaleRun) => [`${run.before.hello.call.label} (before)`, `${run.before.me.call.label} (before)`, ...run.calls.map((m) => m.call.label), `${run.after.hello.call.label} (after)`, `${run.after.me.call.label} (after)`];
  const left = all(pglite);
  const right = all(postgres);
  const rows = labels(pglite).map((label, index) => {
    const a = left[index]!.result;
    const b = right[index]!.result;
    return [
      label,
      fixed(a.requestsPerSecond), ms(a.p50), ms(a.p99),
      fixed(b.requestsPerSecond), ms(b.p50), ms(b.p99),
      ratio(a.p50 / b.p50), ratio(a.p99 / b.p99), ratio(b.requestsPerSecond / a.requestsPerSecond),
      String(right[index]!.statements),
    ];
  });
  return formatTable(headers, rows, headers.map((_, column) => (column === 0 ? 'left' : 'right')));
}
