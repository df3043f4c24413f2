import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWithScreen, parseScreenFiles, screenOfPath } from '../../src/http/web-screens.js';
import { messages } from '../../src/lib/messages.js';
import { writeWebDist } from '../support/served-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const INDEX = '<!doctype html><html><head><title>WAG</title>\n    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n  </head><body><div id="root"></div></body></html>';
const SCREENS = {
  home: { scripts: ['assets/home-route-h1.js', 'assets/feed-card-f1.js'], styles: ['assets/feed-card-f1.css', 'assets/home-route-h1.css'] },
  quickys: { scripts: ['assets/quickys-route-q1.js'], styles: [] },
  post: { scripts: ['assets/post-routes-p1.js'], styles: ['assets/post-routes-p1.css'] },
  profile: { scripts: ['assets/profile-route-r1.js', 'assets/post-grid-g1.js'], styles: ['assets/post-grid-g1.css', 'assets/profile-route-r1.css'] },
};

describe('the screen a page opens on', () => {
  it('names the home, the quickys, a post or quicky, and a profile by either address', () => {
    expect(screenOfPath('/')).toBe('home');
    expect(screenOfPath('/quickys')).toBe('quickys');
    expect(screenOfPath('/quickys/')).toBe('quickys');
    expect(screenOfPath('/post/atardecer-en-la-playa-k3j2')).toBe('post');
    expect(screenOfPath('/quicky/baile-9x')).toBe('post');
    expect(screenOfPath('/valeria_rios')).toBe('profile');
    expect(screenOfPath('/Valeria_Rios/')).toBe('profile');
    expect(screenOfPath('/profile/valeria_rios')).toBe('profile');
    // The router matches its fixed segments in any case.
    expect(screenOfPath('/Quickys')).toBe('quickys');
    expect(screenOfPath('/Post/atardecer-k3j2')).toBe('post');
    expect(screenOfPath('/PROFILE/valeria_rios')).toBe('profile');
    expect(screenOfPath('/LOGIN')).toBeNull();
  });

  it('names none for the app\'s other pages, reserved names, deeper paths and undecodable bytes', () => {
    for (const pathname of [
      '/login', '/settings', '/settings/account', '/notifications', '/wag-stars', '/search-results', '/moderation',
      '/valeria_rios/followers', '/post', '/post/a/b', '/profile/login', '/profile/', '//', '/a%ZZ', '/con espacio',
      '/%2e%2e', '/' + 'x'.repeat(200),
    ]) {
      expect(screenOfPath(pathname), pathname).toBeNull();
    }
  });

  it('takes from the build\'s list only its screens\' asset files, and nothing from a list it cannot read', () => {
    const screens = parseScreenFiles(JSON.stringify({
      ...SCREENS,
      profile: { scripts: ['assets/ok-1.js', '../../etc/passwd', 'assets/x.css', 'https://evil.test/a.js', 'assets/"><script>.js', 7], styles: ['assets/ok-1.css', 'assets/y.js'] },
      other: { scripts: ['assets/other.js'], styles: [] },
    }));
    expect([...screens.keys()].sort()).toEqual(['home', 'post', 'profile', 'quickys']);
    expect(screens.get('profile')).toEqual({ scripts: ['assets/ok-1.js'], styles: ['assets/ok-1.css'] });
    expect(parseScreenFiles('{not json').size).toBe(0);
    expect(parseScreenFiles('[1,2]').size).toBe(0);
  });

  it('names a screen\'s scripts as module preloads at the end of the head, its styles as stylesheets after the painted shell', () => {
    const page = pageWithScreen(INDEX, 'profile', SCREENS.profile);
    const head = page.slice(0, page.indexOf('</head>'));
    const body = page.slice(page.indexOf('<body>'));
    // Marked with its screen, for index.html's inline script.
    expect(page).toMatch(/^<!doctype html><html data-screen="profile"><head>/);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-route-r1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/post-grid-g1.js">');
    expect(head.indexOf('index-a1.js')).toBeLessThan(head.indexOf('profile-route-r1.js'));
    expect(head).not.toContain('.css');
    // After the shell (#root), so its first paint does not wait for them; in the list's order (a
    // module's imports' styles before its own).
    expect(body).toMatch(/^<body><div id="root"><\/div>\s*<link rel="stylesheet" crossorigin href="\/assets\/post-grid-g1\.css">\s*<link rel="stylesheet" crossorigin href="\/assets\/profile-route-r1\.css">\s*<\/body><\/html>$/);
    expect(pageWithScreen(INDEX, 'home', { scripts: [], styles: [] })).toBe(INDEX.replace('<html>', '<html data-screen="home">'));
    expect(pageWithScreen('<p>no head</p>', 'profile', SCREENS.profile)).toBe('<p>no head</p>');
    // A page without a body: everything at the end of the head.
    expect(pageWithScreen('<head></head>', 'post', SCREENS.post)).toMatch(/^<head>\s*<link rel="modulepreload"[^>]+post-routes-p1\.js">\s*<link rel="stylesheet"[^>]+post-routes-p1\.css">\s*<\/head>$/);
  });
});

describe('the page the server sends', () => {
  let t: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    // Every listed file is there but one: a list left from another build names files that are gone.
    const files = Object.values(SCREENS).flatMap(({ scripts, styles }) => [...scripts, ...styles]).filter((file) => file !== 'assets/quickys-route-q1.js');
    webDistDir = await writeWebDist({
      'index.html': INDEX,
      '.vite/screens.json': JSON.stringify(SCREENS),
      'assets/index-a1.js': '',
      ...Object.fromEntries(files.map((file) => [file, ''])),
    });
    t = await createTestApp({ webDistDir, mediaWorker: false });
  });
  afterAll(async () => {
    await t?.close();
    if (webDistDir) await fs.rm(webDistDir, { recursive: true, force: true });
  });

  const modulePreloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((match) => match[1]);

  it('names the files of the screen its address opens, and only those', async () => {
    const cases: Array<[string, string[]]> = [
      ['/', ['home-route-h1.js', 'feed-card-f1.js']],
      ['/?tab=para-ti', ['home-route-h1.js', 'feed-card-f1.js']],
      // Its one file is not in the build: nothing named.
      ['/quickys', []],
      ['/post/playa-1', ['post-routes-p1.js']],
      ['/valeria_rios', ['profile-route-r1.js', 'post-grid-g1.js']],
      ['/profile/valeria_rios', ['profile-route-r1.js', 'post-grid-g1.js']],
      ['/login', []],
      ['/settings/account', []],
      ['/valeria_rios/followers', []],
    ];
    for (const [url, scripts] of cases) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(modulePreloads(response.body), url).toEqual(scripts);
      expect(response.body, url).toContain('<div id="root">');
    }
    const profile = await t.request({ method: 'GET', url: '/valeria_rios' });
    expect(profile.body).toContain('<link rel="stylesheet" crossorigin href="/assets/profile-route-r1.css">');
    expect(profile.body).toContain('<html data-screen="profile">');
    expect((await t.request({ method: 'GET', url: '/post/playa-1' })).body).toContain('<html data-screen="post">');
    expect((await t.request({ method: 'GET', url: '/login' })).body).toContain('<html>');
  });

  it("answers a page's address the router cannot read with the app's page, still a 400; the API and files with the JSON answer", async () => {
    // A shared link cut inside a percent-escape: the app then says what is not there.
    for (const url of ['/post/caf%C3', '/%E0%A4%A', '/valeria_rios/%zz']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
      // No screen is named for it: the address is no profile's or post's.
      expect(response.body, url).toContain('<html>');
      // Answered before any hook, it still carries every page's security headers.
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const [method, url] of [['GET', '/api/posts/slug/caf%C3'], ['GET', '/media/u/a%zz/full.webp'], ['GET', '/assets/a%zz.js'], ['POST', '/post/caf%C3']] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, message: messages.badUrl });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('the page, compressed', () => {
  it('is sent in brotli or gzip as the browser takes it, the same page unpacked, keyed by the encoding asked for', async () => {
    const webDistDir = await writeWebDist({
      'index.html': INDEX.replace('<div id="root"></div>', `<div id="root">${'<p>WAG</p>'.repeat(200)}</div>`),
      '.vite/screens.json': JSON.stringify(SCREENS),
      ...Object.fromEntries(SCREENS.profile.scripts.concat(SCREENS.profile.styles).map((file) => [file, ''])),
    });
    const t = await createTestApp({ webDistDir, mediaWorker: false });
    try {
      const plain = await t.request({ method: 'GET', url: '/valeria_rios' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('profile-route-r1.js');
      expect(plain.headers.vary).toContain('accept-encoding');
      const asked: Array<[string, string | undefined, (bytes: Buffer) => Buffer]> = [
        ['br, gzip', 'br', zlib.brotliDecompressSync],
        ['gzip, deflate', 'gzip', zlib.gunzipSync],
        ['br;q=0, gzip;q=0.5', 'gzip', zlib.gunzipSync],
        ['identity', undefined, (bytes) => bytes],
      ];
      for (const [acceptEncoding, encoding, unpack] of asked) {
        const response = await t.request({ method: 'GET', url: '/valeria_rios', headers: { 'accept-encoding': acceptEncoding } });
        expect(response.statusCode, acceptEncoding).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(response.headers['content-type'], acceptEncoding).toContain('text/html');
        expect(response.headers.vary, acceptEncoding).toContain('accept-encoding');
        expect(unpack(response.rawPayload).toString('utf8'), acceptEncoding).toBe(plain.body);
        if (encoding) expect(response.rawPayload.length, acceptEncoding).toBeLessThan(plain.rawPayload.length / 4);
      }
    } finally {
      await t.close();
      await fs.rm(webDistDir, { recursive: true, force: true });
    }
  });
});

describe('a build without the list', () => {
  it('sends index.html as it is for every page', async () => {
    const webDistDir = await writeWebDist({ 'index.html': INDEX });
    const t = await createTestApp({ webDistDir, mediaWorker: false });
    try {
      for (const url of ['/', '/valeria_rios', '/post/x']) {
        const response = await t.request({ method: 'GET', url });
        expect(response.body, url).toBe(INDEX);
      }
    } finally {
      await t.close();
      await fs.rm(webDistDir, { recursive: true, force: true });
    }
  });
});
