#!/usr/bin/env node
// Development: the API server with reload on change (port 3000) and Vite with hot reload
// (port 5173, proxying /api, /media and the unprefixed API calls to the server).
import { spawn } from 'node:child_process';

const processes = [
  { name: 'server', color: 36, args: ['run', 'dev', '-w', '@wag/server'] },
  { name: 'web', color: 35, args: ['run', 'dev', '-w', '@wag/web'] },
];

const children = processes.map(({ name, color, args }) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  const forward = (stream, out) => {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`${prefix}exited with code ${code}`);
    stopAll(code ?? 0);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
