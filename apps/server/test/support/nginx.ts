import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The balancer of docs/deploy.md in front of the given web processes, on a free port, as the
 * deployment runs it (without TLS): round robin, the client's address passed on, live streams and
 * uploads not buffered, a request that cannot reach a process sent to the next one (nginx only does
 * that for requests it may repeat: a POST that reached a process is never sent twice by the balancer,
 * which is what the clients' Idempotency-Key retries are for). `X-Upstream` names the process that
 * answered, for the test.
 */
export async function startNginx(upstreams: string[]): Promise<Balancer> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install -y nginx; .ci/run installs it)`);
  const port = await freePort();
  const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  await fs.writeFile(
    conf,
    `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream wag {
${upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 250m;
    location / {
      proxy_pass http://wag;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # nginx's own id for each request, never the client's: the server logs it as reqId.
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 15 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(prefix, { recursive: true, force: true });
    },
  };
}
