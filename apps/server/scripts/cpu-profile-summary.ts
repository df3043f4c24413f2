/**
 * Sums a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) by where the time is spent: self time
 * per function and per file (node_modules grouped by package), and the time spent inside each of our
 * own files including what they call (inclusive). Used to find where a request's CPU goes
 * (docs/benchmarks.md, "Where the time goes").
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx apps/server/src/main.ts   # then load it, stop it with SIGINT
 *   npx tsx apps/server/scripts/cpu-profile-summary.ts /tmp/prof/CPU.….cpuprofile [top=25]
 *
 * `npm run bench` with BENCH_PROFILE_DIR does both for each call and prints this summary (bench.ts).
 * The profile covers the whole process: its start (a second or two of compiling and migrating) as well
 * as the load, so small shares of the total are not the requests' own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }


/** node_modules/<package>, a file of ours relative to apps/ or packages/, or a V8/Node built-in. */
function place(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return `pkg:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const ours = url.match(/\/((?:apps|packages)\/.*)$/);
  if (ours) return ours[1]!;
  return url.replace(/^file:\/\//, '').replace(/^node:/, 'node:');
}

/** The summary as text; `requests`, when given, adds the busy time per request (approximate: the start is in it). */
export function summarizeProfile(file: string, { top = 25, requests }: { top?: number; requests?: number } = {}): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const out: string[] = [];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMicros = new Map<number, number>();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const id = profile.samples[index]!;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }

  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const idle = [...selfMicros.entries()].filter(([id]) => ['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName)).reduce((sum, [, value]) => sum + value, 0);
  const busy = total - idle;

  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const inclusiveOurs = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') continue;
    const where = place(node.callFrame.url);
    const key = `${name} ${where}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    byFile.set(where, (byFile.get(where) ?? 0) + micros);
    // Inclusive: each of our own files on this sample's stack, once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const owner = place(frame.url);
      if (owner.startsWith('apps/') || owner.startsWith('packages/') || owner.startsWith('pkg:')) seen.add(owner);
    }
    for (const owner of seen) inclusiveOurs.set(owner, (inclusiveOurs.get(owner) ?? 0) + micros);
  }

  const percent = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
  const list = (title: string, map: Map<string, number>) => {
    out.push(`\n${title}`);
    for (const [key, micros] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`${ms(micros)} ${percent(micros)}  ${key}`);
  };
  out.push(`${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (percentages are of busy time; idle and (program) left out)` +
    (requests ? `; about ${(busy / requests).toFixed(0)} µs busy per request over ${requests} requests` : ''));
  list('Self time by function', byFunction);
  list('Self time by file or package', byFile);
  list('Inclusive time by file or package (each on the stack once per sample)', inclusiveOurs);
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
  console.log(summarizeProfile(file, { top: Number(top ?? 25) }));
}
