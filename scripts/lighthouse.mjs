#!/usr/bin/env node
// `npm run lighthouse`: builds the web app, starts the server on a fresh demo world (embedded
// database in a temporary DATA_DIR, a free port on 127.0.0.1), waits for the world's background jobs
// (its videos' streams) to finish, and runs Lighthouse's performance
// category (mobile form factor, its default simulated throttling) several times on each page of
// issue 17: '/' as a guest and signed in, '/quickys', a WAG Star's profile and a post page. Prints one
// table of medians. Exits non-zero when it cannot run; a low score is a finding, not a failure.
//
// Options: --runs N (default 5), --no-build (use the web app already in apps/web/dist),
// --only name[,name] (pages: '/ guest', '/ signed in', '/quickys', profile, post), --json FILE (every
// run's figures), --port N (default: a free one), --data-dir DIR (a demo world seeded by an earlier
// start, kept afterwards: the first start of a demo world makes its media, which takes minutes),
// --origin URL (measure a server already running on a demo world: no build, no server started).
// --reports DIR (every run's whole Lighthouse report as JSON, and its trace as NAME.trace.json, to read
// what blocked the main thread: DevTools' Performance panel opens the trace; about 6 MB a run).
// Chromium: CHROME_PATH, else /usr/bin/chromium.
//
// The pages are measured as a phone reaches them in production: through the deployment's front
// (deploy/nginx.conf's own settings: TLS, HTTP/2, the proxy to the server), started here on a free
// port with a throwaway certificate (nginx: NGINX_PATH, else /usr/sbin/nginx; openssl). Lighthouse's
// simulation replays HTTP/1.1 (six connections, a round trip for each request) and HTTP/2 (one
// connection, requests without their round trip) differently, so the two give different figures for
// the same pages. --direct measures the server itself instead (plain HTTP/1.1, as before 2026-11-29).
// --origin URL with an https front that has a certificate Node does not trust: add --api-origin URL
// (the server behind it) for the script's own calls (the demo login, the post to measure).
// fetch is Node's own; localStorage and document are read in functions that run in the page.
/* global fetch, localStorage, document */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name) => {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
};
const runs = Number(option('--runs') ?? 5);
const build = !argv.includes('--no-build');
const only = option('--only')?.split(',');
const jsonOut = option('--json');
const reportsDir = option('--reports');
const keptDataDir = option('--data-dir');
const askedPort = option('--port');
const givenOrigin = option('--origin');
const givenApiOrigin = option('--api-origin');
const direct = argv.includes('--direct');
const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx';
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const DEMO = { email: 'demo@wag.test', password: 'wag-demo-2026' };
// The consent and age gates' flags (apps/web/src/app/gates/gate-storage.ts) and the session's keys
// (apps/web/src/lib/auth-storage.ts); a signed-in run also carries the account's language as the app
// keeps it (apps/web/src/lib/language.ts, LANGUAGE_KEY), see measure().
const GATES = { 'wag.consentAccepted': '1', 'wag.ageConfirmed': '1' };

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
const say = (text) => process.stderr.write(`[${seconds()} s] ${text}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin, child, limitMs) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      await fetch(`${origin}/api/me`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`the server did not answer within ${limitMs / 1000} s`);
}

/**
 * Waits until the server's job queue reads empty (its /metrics: the `jobs_queue_depth` and
 * `jobs_running` gauges all 0) three times in a row, a second apart, at most `limitMs`, and returns the
 * seconds waited, or null when it was still busy then (or never showed the gauges). A fresh demo world
 * makes its videos' streams for a minute or so after the server answers; ffmpeg on the same cores as
 * the browser would be measured as the pages' main thread (in production the workers run elsewhere).
 * A job waiting out a retry's delay is in neither gauge: three readings narrow that gap, not close it.
 */
async function waitForJobs(origin, child, limitMs) {
  const started = Date.now();
  const headers = process.env.METRICS_TOKEN ? { authorization: `Bearer ${process.env.METRICS_TOKEN}` } : {};
  let quiet = 0;
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    let values = [];
    try {
      const response = await fetch(`${origin}/metrics`, { headers });
      if (response.ok) {
        values = [...(await response.text()).matchAll(/^jobs_(?:queue_depth|running)(?:\{[^}]*\})?\s+(\S+)/gm)].map((match) => Number(match[1]));
      }
    } catch {
      // Asked again below.
    }
    const empty = values.length > 0 && values.every((value) => value === 0);
    quiet = empty ? quiet + 1 : 0;
    if (quiet === 3) return Math.round((Date.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

/**
 * What a Ctrl+C must stop before the script exits (the server, the front and its folder, the
 * browser), each an async function; puppeteer's own handler, which would exit at once, is off.
 */
const onInterrupt = new Set();
process.once('SIGINT', async () => {
  await Promise.all([...onInterrupt].map((stop) => stop().catch(() => undefined)));
  process.exit(130);
});

/**
 * The deployment's front (deploy/nginx.conf) on 127.0.0.1: its own file, with only what a machine
 * without the deployment's names and certificates needs changed (the server's address, a free port,
 * a throwaway certificate, files under a temporary folder). Each change must find its line once, so a
 * change of deploy/nginx.conf that this does not follow fails here instead of measuring something else.
 */
async function startFront(upstreamPort) {
  if (!fs.existsSync(nginxPath)) throw new Error(`nginx is not installed at ${nginxPath} (apt-get install -y nginx; .ci/run installs it), or measure the server itself with --direct`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wag-lighthouse-front-'));
  let child = null;
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const front = {
    origin: '',
    async stop() {
      if (running()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
      onInterrupt.delete(front.stop);
    },
  };
  onInterrupt.add(front.stop);
  try {
    const cert = path.join(prefix, 'cert.pem');
    const key = path.join(prefix, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.error?.message ?? made.stderr}`);
    const port = await freePort();
    let conf = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    const swap = (from, to) => {
      const count = conf.split(from).length - 1;
      if (count !== 1) throw new Error(`deploy/nginx.conf: expected ${JSON.stringify(from)} once, found it ${count} times`);
      conf = conf.replace(from, to);
    };
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${prefix}/${name};`).join('\n');
    swap('worker_processes auto;', `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;\ndaemon off;\npid ${prefix}/nginx.pid;\nerror_log stderr warn;`);
    swap('  access_log /var/log/nginx/access.log;', `  access_log off;\n${temp}`);
    swap('server web:3000 ', `server 127.0.0.1:${upstreamPort} `);
    // The plain-HTTP server only redirects to TLS; port 80 is not ours to take.
    swap('    listen 80;', `    listen 127.0.0.1:${await freePort()};`);
    swap('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`);
    swap('/etc/nginx/certs/fullchain.pem', cert);
    swap('/etc/nginx/certs/privkey.pem', key);
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    child = spawn(nginxPath, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    front.origin = `https://127.0.0.1:${port}`;
    const until = Date.now() + 15_000;
    for (;;) {
      if (!running()) throw new Error(`nginx stopped (${child.signalCode ?? `exit ${child.exitCode}`})`);
      const status = await new Promise((resolve) => {
        https
          .get(`${front.origin}/healthz`, { rejectUnauthorized: false }, (response) => {
            response.resume();
            resolve(response.statusCode);
          })
          .on('error', () => resolve(0));
      });
      if (status === 200) return front;
      if (Date.now() > until) throw new Error(`the front did not answer within 15 s (last status ${status})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await front.stop();
    throw error;
  }
}

async function api(origin, pathname, { token, body } = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status}`);
  return response.json();
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The LCP element as Lighthouse names it: its selector and the start of its HTML. */
function lcpElement(lhr) {
  const audit = lhr.audits['largest-contentful-paint-element'] ?? lhr.audits['lcp-breakdown-insight'];
  const findNode = (value) => {
    if (!value || typeof value !== 'object') return null;
    if (value.type === 'node') return value;
    for (const child of Object.values(value)) {
      const found = findNode(child);
      if (found) return found;
    }
    return null;
  };
  const node = findNode(audit?.details);
  if (!node) return '-';
  const snippet = (node.snippet ?? '').replace(/\s+/g, ' ');
  return snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet || node.selector || '-';
}

async function main() {
  if (!fs.existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`);
  if (givenOrigin) return measure(givenOrigin.replace(/\/$/, ''), (givenApiOrigin ?? givenOrigin).replace(/\/$/, ''));
  if (!direct && !fs.existsSync(nginxPath)) throw new Error(`nginx is not installed at ${nginxPath} (apt-get install -y nginx; .ci/run installs it), or measure the server itself with --direct`);
  if (build) {
    say('building the web app');
    const result = spawnSync('npm', ['run', 'build', '-w', '@wag/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error('the web build failed');
  }
  const webDist = path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no built web app in ${webDist} (run without --no-build)`);

  const dataDir = keptDataDir ? path.resolve(keptDataDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'wag-lighthouse-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const port = askedPort ? Number(askedPort) : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  say(`starting the server on ${origin} with ${keptDataDir ? 'the demo world' : 'a fresh demo world'} in ${dataDir}`);
  // The Node that npm installed (the server needs Node 22.22+), with tsx as its loader, as `npm start`
  // runs it: the stop below reaches the server itself, which drains and closes its database (the tsx
  // command would relay it and kill the server 30 ms later if it had not stopped by then).
  const server = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let front;
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  onInterrupt.add(async () => stop());
  try {
    await waitForServer(origin, server, 900_000);
    say('server up');
    const settled = await waitForJobs(origin, server, 300_000);
    say(settled === null ? 'its background jobs still running after 300 s: measuring anyway' : `its background jobs done (${settled} s)`);
    if (direct) await measure(origin, origin);
    else {
      front = await startFront(port);
      say(`the deployment's front (deploy/nginx.conf: TLS, HTTP/2) on ${front.origin}`);
      await measure(front.origin, origin);
    }
  } finally {
    try {
      await front?.stop();
    } finally {
      stop();
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
      if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/**
 * Every page, `runs` times, against the demo world at `origin` (the pages, as the browser asks for
 * them); `apiOrigin` serves the script's own calls (the same server, maybe without the front).
 */
async function measure(origin, apiOrigin) {
  let browser;
  const closeBrowser = () => browser.close();
  try {
    const session = await api(apiOrigin, '/api/login', { body: DEMO });
    if (!session.token) throw new Error('the demo login did not give a token');
    // Once a person has signed in on a browser, the app has switched to their account's language and
    // keeps it in storage (app/language-follower.tsx), so a returning visit starts in it. Without it,
    // every signed-in run would measure the one-time switch from the headless browser's English.
    const preferences = await api(apiOrigin, '/api/account/preferences', { token: session.token });
    if (!preferences.language) throw new Error('the demo account has no language');
    const stars = await api(apiOrigin, '/api/wag-stars');
    const star = stars.users?.[0]?.username;
    if (!star) throw new Error('the demo world has no WAG Star');
    const feed = await api(apiOrigin, '/api/feed', { token: session.token });
    // A public post with a picture (not VIP, not a quicky: those open in the player).
    const open = (feed.items ?? []).filter((item) => item.visibility === 'public' && !item.locked && item.post_type !== 'quicky');
    const post = open.find((item) => item.media_type === 'image') ?? open[0];
    if (!post) throw new Error('the demo feed has no public post');

    const pages = [
      { name: '/ guest', path: '/', signedIn: false },
      { name: '/ signed in', path: '/', signedIn: true },
      { name: '/quickys', path: '/quickys', signedIn: false },
      { name: `/${star}`, key: 'profile', path: `/${encodeURIComponent(star)}`, signedIn: false },
      // Post pages are for signed-in people (a guest is sent to sign in: app/router.tsx, RequireSession).
      { name: `/post/${post.slug} signed in`, key: 'post', path: `/post/${encodeURIComponent(post.slug)}`, signedIn: true },
    ].filter((page) => !only || only.some((name) => name === page.name || name === page.key));

    browser = await puppeteer.launch({
      handleSIGINT: false,
      executablePath: chromePath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--ignore-certificate-errors'],
      defaultViewport: null,
    });
    onInterrupt.add(closeBrowser);

    const results = [];
    for (const page of pages) {
      const figures = [];
      for (let run = 1; run <= runs; run += 1) {
        const tab = await browser.newPage();
        // The origin's storage is written before Lighthouse loads the page, so Lighthouse must not
        // reset it; the cache and cookies are cleared here instead, so every run is a first visit.
        await tab.goto(`${origin}/api/health-of-lighthouse-run`, { waitUntil: 'load' });
        await tab.evaluate(
          (entries) => {
            localStorage.clear();
            for (const [key, value] of entries) localStorage.setItem(key, value);
          },
          Object.entries({ ...GATES, ...(page.signedIn ? { token: session.token, username: session.username, 'wag.language': preferences.language } : {}) }),
        );
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.clearBrowserCookies');
        await cdp.detach();

        const { lhr, trace } = await audit(`${origin}${page.path}`, tab);
        if (reportsDir) {
          fs.mkdirSync(reportsDir, { recursive: true });
          const base = path.join(reportsDir, `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}`);
          fs.writeFileSync(`${base}.json`, JSON.stringify(lhr));
          if (trace) fs.writeFileSync(`${base}.trace.json`, JSON.stringify(trace));
        }

        // What the page was, as the person would see it: signed in or not, and past the gates.
        const state = await tab.evaluate(() => ({
          token: localStorage.getItem('token'),
          gate: document.querySelector('[data-testid="consent-gate"], [data-testid="age-gate"], .gate') !== null,
          tab: document.querySelector('[data-testid="home-feed"]')?.getAttribute('data-tab') ?? null,
        }));
        const requests = lhr.audits['network-requests']?.details?.items ?? [];
        const me = requests.find((item) => new URL(item.url).pathname === '/api/me');
        if (state.gate) throw new Error(`${page.name}: the consent or age gate was shown`);
        if (page.signedIn && (!state.token || me?.statusCode !== 200)) throw new Error(`${page.name}: not signed in (GET /api/me ${me?.statusCode ?? 'not asked'})`);
        if (!page.signedIn && state.token) throw new Error(`${page.name}: a guest run had a token`);
        await tab.close();

        const value = (id) => lhr.audits[id]?.numericValue;
        const figure = {
          run,
          score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
          lcp: value('largest-contentful-paint'),
          cls: value('cumulative-layout-shift'),
          tbt: value('total-blocking-time'),
          fcp: value('first-contentful-paint'),
          lcpElement: lcpElement(lhr),
          homeTab: state.tab,
          // The protocol the page itself came over (h2 through the front, http/1.1 from the server).
          protocol: requests.find((item) => item.resourceType === 'Document')?.protocol ?? '?',
          signedIn: me?.statusCode === 200,
          // What moved, for --json: Lighthouse's layout-shift culprits, largest first.
          shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 5).map((item) => ({ score: item.score, node: item.node?.snippet ?? item.node?.selector })),
        };
        figures.push(figure);
        say(`${page.name} run ${run}: ${figure.score}, LCP ${(figure.lcp / 1000).toFixed(2)} s, CLS ${figure.cls.toFixed(3)}, TBT ${figure.tbt.toFixed(0)} ms`);
        // What Lighthouse itself warns of (a load cut off at maxWaitForLoad, say), with the run it concerns.
        for (const warning of lhr.runWarnings ?? []) say(`${page.name} run ${run}: Lighthouse warns: ${warning}`);
      }
      results.push({ page, figures });
    }

    const rows = results.map(({ page, figures }) => {
      // The LCP element of the run whose score is the median one.
      const score = median(figures.map((figure) => figure.score));
      const middle = figures.reduce((best, figure) => (Math.abs(figure.score - score) < Math.abs(best.score - score) ? figure : best));
      return [
        page.name + (page.path === '/' ? ` (${middle.homeTab})` : ''),
        String(score),
        `${(median(figures.map((figure) => figure.lcp)) / 1000).toFixed(2)} s`,
        median(figures.map((figure) => figure.cls)).toFixed(3),
        `${median(figures.map((figure) => figure.tbt)).toFixed(0)} ms`,
        `${(median(figures.map((figure) => figure.fcp)) / 1000).toFixed(2)} s`,
        middle.lcpElement,
      ];
    });
    const header = ['page', 'perf', 'LCP', 'CLS', 'TBT', 'FCP', 'LCP element'];
    const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
    const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
    const protocols = [...new Set(results.flatMap(({ figures }) => figures.map((figure) => figure.protocol)))].join(', ');
    console.log(`Lighthouse ${lighthouseVersion()} performance, mobile, simulated throttling; median of ${runs} runs a page; pages from ${origin} over ${protocols};`);
    console.log('consent and age gates accepted beforehand in every run (so the gate is not what is measured);');
    console.log(`'signed in' is ${DEMO.email} in the account's language (GET /api/me 200 checked in each run). Targets: perf >= 95, LCP <= 1.8 s, CLS <= 0.05, TBT <= 150 ms.`);
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    console.log(`(${seconds()} s in all, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  } finally {
    onInterrupt.delete(closeBrowser);
    await browser?.close();
  }
}

/**
 * One Lighthouse run in the prepared tab. A trace Lighthouse could not read (NO_NAVSTART and its
 * kin, which a loaded machine causes now and then) is tried again, twice at most. Returns the report
 * and its trace.
 */
async function audit(url, tab) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      // maxWaitForLoad: a signed-in page keeps its live channel (one streamed response) open, so the
      // network never falls quiet and Lighthouse would wait its whole 45 s on every signed-in run; the
      // pages themselves are loaded and idle within seconds.
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true, maxWaitForLoad: 15_000 },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return { lhr, trace: result.artifacts?.Trace };
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    say(`${url}: ${lhr.runtimeError.code}, trying again`);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
}

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

main().catch((error) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
