import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { pathFor } from '@wag/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardImage, FEED_CARD_SIZES, quickyPoster, quickyTileSizes, tileImage } from '../components/posts/post-media';
import { quickyLeadTile, quickyTallTiles, quickyTileLoading } from '../components/posts/quicky-layout';
import { clearEarly, takeEarly } from '../lib/early';
import { jsonResponse, renderRoutes } from '../test/render-routes';
import { calls, makePost } from '../test/social-fixtures';
import { startFirstScreen } from './early-start';
import { createQueryClient } from './query-client';
import { HomeRoute } from './routes/home-route';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  clearEarly();
});

const answers: Record<string, unknown> = {
  '/api/me': { success: true, user: { username: 'ana' } },
  '/api/feed/stories': { items: [], nextCursor: null },
  '/api/feed/for-you': { items: [], nextCursor: null },
  '/api/quickys': { quickys: [], nextCursor: null },
  '/api/feed': { kind: 'following', items: [{ ...makePost({ slug: 'uno', body: 'Primer post' }), isLiked: false }], nextCursor: null },
};

function serve() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(answers).find((path) => url === path || url.startsWith(`${path}?`));
    return key ? jsonResponse(200, answers[key]) : jsonResponse(404, { success: false, message: 'no' });
  });
}

describe('startFirstScreen', () => {
  it("asks at once for a signed-in person's account, feed and story row on the home", () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const fetchMock = serve();
    startFirstScreen({ pathname: '/', search: '' });
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed', 'GET /api/feed/stories', 'GET /api/me']);
    const authorization = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(authorization).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
  });

  it("asks for 'Para ti' for a guest, and for a signed-in person who opens that tab", () => {
    const fetchMock = serve();
    startFirstScreen({ pathname: '/', search: '' });
    expect(calls(fetchMock)).toEqual(['GET /api/feed/for-you']);
    clearEarly();
    fetchMock.mockClear();
    localStorage.setItem('token', 'tok-1');
    startFirstScreen({ pathname: '/', search: '?tab=para-ti' });
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed/for-you', 'GET /api/me']);
  });

  it('asks for nothing on any other page', () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = serve();
    for (const pathname of ['/settings', '/valeria_rios', '/quickys/x', '/post/uno/x', '/posts/uno']) startFirstScreen({ pathname, search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the home then shows what was asked for without asking again', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const feedCalls = (fetchMock: ReturnType<typeof serve>) => calls(fetchMock).filter((call) => call === 'GET /api/feed').length;
    // Without an early start: the requests the home makes by itself (the test's client refetches stale data).
    const alone = serve();
    const first = renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    const byItself = feedCalls(alone);
    first.unmount();
    alone.mockRestore();

    const fetchMock = serve();
    startFirstScreen({ pathname: '/', search: '' });
    expect(feedCalls(fetchMock)).toBe(1);
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    // The early request stood in for the home's own first one: no request more than without it.
    expect(feedCalls(fetchMock)).toBe(byItself);
    expect(takeEarly('feed:@ana')).toBeUndefined();
  });

  it('a session that changed before the first render is not shown the answers asked for the old one', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const fetchMock = serve();
    startFirstScreen({ pathname: '/', search: '' });
    localStorage.setItem('token', 'tok-2');
    localStorage.setItem('username', 'beto');
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    const feedTokens = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/feed')
      .map(([, init]) => new Headers(init?.headers).get('Authorization'));
    // The answer asked for tok-1 is left untaken: every request of the home is beto's.
    expect(feedTokens[0]).toBe('Bearer tok-1');
    expect(feedTokens.slice(1).length).toBeGreaterThan(0);
    expect(new Set(feedTokens.slice(1))).toEqual(new Set(['Bearer tok-2']));
    expect(takeEarly('feed:@ana')).toBeDefined();
  });
});

describe('an early answer and a write', () => {
  it('is dropped by any write made before it was taken, so the screen asks afresh', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    serve();
    startFirstScreen({ pathname: '/', search: '' });
    const client = createQueryClient();
    await client.getMutationCache().build(client, { mutationFn: async () => 'followed' }).execute(undefined);
    expect(takeEarly('story-row:@ana')).toBeUndefined();
    expect(takeEarly('feed:@ana')).toBeUndefined();
  });
});

describe('the first picture', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"][as="image"]').forEach((link) => link.remove()));

  it("is asked for as soon as the feed's answer names it, as the first card will show it", async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    serve();
    startFirstScreen({ pathname: '/', search: '' });
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.head.querySelector('link[rel="preload"][as="image"]')!;
    const post = (answers['/api/feed'] as { items: Parameters<typeof cardImage>[0][] }).items[0]!;
    const image = cardImage(post)!;
    expect(link.getAttribute('href')).toBe(image.src);
    expect(link.getAttribute('imagesrcset')).toBe(image.srcSet);
    expect(link.getAttribute('imagesizes')).toBe(FEED_CARD_SIZES);
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it("is the player's poster for a guest, and nothing for a locked quicky", async () => {
    const quicky = { ...makePost({ slug: 'q1', post_type: 'quicky', media_type: 'video' }) };
    answers['/api/feed/for-you'] = { items: [quicky], nextCursor: null };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/', search: '' });
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    expect(document.head.querySelector('link[rel="preload"][as="image"]')!.getAttribute('href')).toBe(quickyPoster(quicky));

    document.head.querySelector('link[rel="preload"][as="image"]')!.remove();
    clearEarly();
    answers['/api/feed/for-you'] = { items: [{ ...quicky, locked: true }], nextCursor: null };
    startFirstScreen({ pathname: '/', search: '' });
    await vi.waitFor(() => expect(calls(fetchMock).filter((call) => call === 'GET /api/feed/for-you')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
    answers['/api/feed/for-you'] = { items: [], nextCursor: null };
  });
});

describe('/quickys', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="preload"][as="image"]').forEach((link) => link.remove());
    answers['/api/quickys'] = { quickys: [], nextCursor: null };
  });

  it('asks for its first page at once, and the picture its grid fetches first once the page names it', async () => {
    const quickys = Array.from({ length: 8 }, (_, index) => makePost({ slug: `q${index}`, post_type: 'quicky', media_type: 'video', locked: index === 2 }));
    answers['/api/quickys'] = { quickys, nextCursor: null };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/Quickys/', search: '' });
    expect(calls(fetchMock)).toEqual(['GET /api/quickys']);
    await vi.waitFor(() => expect(document.head.querySelectorAll('link[rel="preload"][as="image"]').length).toBeGreaterThan(0));
    const preloaded = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));
    // The grid's one 'high' tile on three columns: the first tall one (the 3rd), locked here (no
    // picture), so the first tile; the other first-screen tiles come with the grid.
    const tall = quickyTallTiles(quickys.length, 3);
    const lead = quickyLeadTile(quickys, tall);
    const first = quickys.filter((post, index) => quickyTileLoading(index, lead) === 'high' && tileImage(post));
    expect(first.map((post) => post.slug)).toEqual(['q0']);
    expect(preloaded).toEqual(first.map((post) => cardImage(post)!.src));
    // As the grid's tiles ask for them (post-tile.tsx): the tile rendition or the display one, by the tile's width.
    const links = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(links.map((link) => [link.getAttribute('imagesrcset'), link.getAttribute('imagesizes')])).toEqual(
      first.map((post) => [cardImage(post)!.srcSet, quickyTileSizes(tall[quickys.indexOf(post)]!)]),
    );
    expect(links.every((link) => link.getAttribute('imagesrcset'))).toBe(true);
    // The screen's first fetch takes that answer instead of asking again.
    await expect(takeEarly('explore-quickys:guest')).resolves.toEqual(answers['/api/quickys']);
    expect(calls(fetchMock)).toEqual(['GET /api/quickys']);
  });

  it("leaves the grid's pictures to the grid on a wide screen (four or five columns, other tall tiles)", async () => {
    answers['/api/quickys'] = { quickys: [makePost({ slug: 'q0', post_type: 'quicky', media_type: 'video' })], nextCursor: null };
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 768px)' }));
    try {
      const fetchMock = serve();
      startFirstScreen({ pathname: '/quickys', search: '' });
      expect(calls(fetchMock)).toEqual(['GET /api/quickys']);
      await expect(takeEarly('explore-quickys:guest')).resolves.toEqual(answers['/api/quickys']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks for the answer but none of the grid's pictures under a shared player link (?play=)", async () => {
    answers['/api/quickys'] = { quickys: [makePost({ slug: 'q0', post_type: 'quicky', media_type: 'video' })], nextCursor: null };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/quickys', search: '?play=q0' });
    expect(calls(fetchMock)).toEqual(['GET /api/quickys']);
    await expect(takeEarly('explore-quickys:guest')).resolves.toEqual(answers['/api/quickys']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
  });
});

describe("a post's page", () => {
  const photo = { url: '/media/u/p1/full.webp', poster_url: null, stream_url: null, width: 1080, height: 1350 };
  const post = (changes: Record<string, unknown> = {}) => ({
    ...makePost({ slug: 'uno', body: 'Primer post' }),
    media: [photo, { ...photo, url: '/media/u/p2/full.webp' }],
    status: 'ready',
    isLiked: false,
    isSaved: false,
    isFollowingAuthor: false,
    isOwner: false,
    ...changes,
  });
  const preloaded = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));
  afterEach(() => {
    document.head.querySelectorAll('link[rel="preload"][as="image"]').forEach((link) => link.remove());
    delete answers['/api/posts/slug/uno'];
    delete answers['/api/posts/slug/caf%C3%A9'];
  });

  it('asks a signed-in person for the post at once, and its first photo once the answer names it', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    answers['/api/posts/slug/uno'] = { success: true, post: post() };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/Post/uno/', search: '' });
    expect(calls(fetchMock)).toEqual(['GET /api/posts/slug/uno']);
    await vi.waitFor(() => expect(preloaded()).toEqual(['/media/u/p1/full.webp']));
    expect(document.head.querySelector('link[rel="preload"][as="image"]')!.getAttribute('fetchpriority')).toBe('high');
    // The page's first fetch takes that answer instead of asking again.
    await expect(takeEarly('post:uno:@ana')).resolves.toEqual(answers['/api/posts/slug/uno']);
    expect(calls(fetchMock)).toEqual(['GET /api/posts/slug/uno']);
  });

  it("a video's poster; nothing for a locked post, one still processing, or a guest", async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const video = { ...photo, url: '/media/u/v1/video.mp4', poster_url: '/media/u/v1/poster.webp' };
    answers['/api/posts/slug/uno'] = { success: true, post: post({ media_type: 'video', media: [video] }) };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/post/uno', search: '' });
    await vi.waitFor(() => expect(preloaded()).toEqual(['/media/u/v1/poster.webp']));
    document.head.querySelector('link[rel="preload"][as="image"]')!.remove();

    for (const changes of [{ locked: true }, { status: 'processing' }]) {
      clearEarly();
      answers['/api/posts/slug/uno'] = { success: true, post: post(changes) };
      startFirstScreen({ pathname: '/post/uno', search: '' });
      await expect(takeEarly('post:uno:@ana')).resolves.toEqual(answers['/api/posts/slug/uno']);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);

    fetchMock.mockClear();
    localStorage.clear();
    startFirstScreen({ pathname: '/post/uno', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads the address's slug as the router does, and leaves an unreadable one alone", async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    answers['/api/posts/slug/caf%C3%A9'] = { success: true, post: post({ slug: 'café' }) };
    const fetchMock = serve();
    startFirstScreen({ pathname: '/post/caf%C3%A9', search: '' });
    expect(calls(fetchMock)).toEqual(['GET /api/posts/slug/caf%C3%A9']);
    await expect(takeEarly('post:café:@ana')).resolves.toEqual(answers['/api/posts/slug/caf%C3%A9']);
    fetchMock.mockClear();
    startFirstScreen({ pathname: '/post/%E0%A4%A', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a signed-in person who follows nobody', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"][as="image"]').forEach((link) => link.remove()));

  it("lands on 'Para ti': once the feed says so, that tab and its poster are asked for, not the card's picture", async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const following = answers['/api/feed'];
    const quicky = makePost({ slug: 'q2', post_type: 'quicky', media_type: 'video' });
    answers['/api/feed'] = { kind: 'discovery', items: [{ ...makePost({ slug: 'tres' }), isLiked: false }], nextCursor: null };
    answers['/api/feed/for-you'] = { items: [quicky], nextCursor: null };
    try {
      const fetchMock = serve();
      startFirstScreen({ pathname: '/', search: '?tab=cualquiera' });
      await vi.waitFor(() => expect(calls(fetchMock)).toContain('GET /api/feed/for-you'));
      await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
      const links = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));
      expect(links).toEqual([quickyPoster(quicky)]);
    } finally {
      answers['/api/feed'] = following;
      answers['/api/feed/for-you'] = { items: [], nextCursor: null };
    }
  });
});

describe("index.html's inline script", () => {
  // The script as the built page carries it (Vite copies index.html's inline scripts as they are).
  const html = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const source = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!).find((body) => body.includes('__wagEarly'));
  const runInline = (search = '') => {
    window.history.replaceState(null, '', `/${search}`);
    new Function(source!)();
    window.history.replaceState(null, '', '/');
  };
  afterEach(() => clearEarly());
  /** The script run for ana signed in with the stored `token`, in `language`: its fetches. */
  const inlineRanFor = (token: string, language = 'es') => {
    localStorage.setItem('token', token);
    localStorage.setItem('username', 'ana');
    localStorage.setItem('wag.language', language);
    const fetchMock = serve();
    runInline();
    return fetchMock;
  };

  it('asks for what the app would ask on the home, as the app would ask it, and the app takes it instead of asking again', async () => {
    const fetchMock = inlineRanFor('tok-1');
    const inlineCalls = fetchMock.mock.calls.map(([input, init]) => [String(input), Object.fromEntries(new Headers(init?.headers))]);
    fetchMock.mockClear();
    // What the app itself sends for the same calls (no inline answers waiting).
    const saved = window.__wagEarly;
    delete window.__wagEarly;
    startFirstScreen({ pathname: '/', search: '' });
    const appCalls = fetchMock.mock.calls.map(([input, init]) => [String(input), Object.fromEntries(new Headers(init?.headers))]);
    expect(inlineCalls.map(([url]) => url).sort()).toEqual(['/api/feed', '/api/feed/stories', '/api/me']);
    expect([...inlineCalls].sort()).toEqual([...appCalls].sort());

    clearEarly();
    fetchMock.mockClear();
    window.__wagEarly = saved;
    startFirstScreen({ pathname: '/', search: '' });
    // Every answer was taken from the inline script's requests: nothing asked twice.
    await expect(takeEarly('feed:@ana')).resolves.toEqual(answers['/api/feed']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__wagEarly?.answers).toEqual({});
  });

  it("asks a guest's 'Para ti', and only on the home", () => {
    localStorage.setItem('wag.language', 'es');
    const fetchMock = serve();
    runInline();
    expect(calls(fetchMock)).toEqual(['GET /api/feed/for-you']);
    fetchMock.mockClear();
    localStorage.setItem('token', 'tok-1');
    runInline('?tab=para-ti');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed/for-you', 'GET /api/me']);
    fetchMock.mockClear();
    window.history.replaceState(null, '', '/quickys');
    new Function(source!)();
    window.history.replaceState(null, '', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  /** The script run at `pathname` of a page the server marked as `screen` (or not marked). */
  const runOnPage = (pathname: string, screen: string | null) => {
    if (screen) document.documentElement.setAttribute('data-screen', screen);
    window.history.replaceState(null, '', pathname);
    try {
      new Function(source!)();
    } finally {
      window.history.replaceState(null, '', '/');
      document.documentElement.removeAttribute('data-screen');
    }
  };

  it("asks a profile's first answers on a page the server marked as a profile, by its username as the app asks them", () => {
    localStorage.setItem('wag.language', 'es');
    const fetchMock = serve();
    // The calls as the profile screen asks them (lib/api.ts writes paths with pathFor).
    const profileCalls = (username: string) =>
      [pathFor('profile', { username }), pathFor('storyGroups', { username }), pathFor('userVip', { username })].map((url) => `GET ${url}`);
    runOnPage('/valeria_rios', 'profile');
    expect(calls(fetchMock).sort()).toEqual(profileCalls('valeria_rios').sort());
    fetchMock.mockClear();
    localStorage.setItem('token', 'tok-1');
    // The other address of a profile, a trailing slash, and a letter the address escaped: decoded, then
    // written as pathFor writes it.
    runOnPage('/profile/%41na_luz/', 'profile');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/me', ...profileCalls('Ana_luz')].sort());
    expect(window.__wagEarly?.answers[pathFor('profile', { username: 'Ana_luz' })]).toBeDefined();
  });

  it("asks a post's answer only for a signed-in person (a guest is sent to sign in), and nothing on a page not marked", () => {
    localStorage.setItem('wag.language', 'es');
    const fetchMock = serve();
    runOnPage('/post/playa-y-sol-k2', 'post');
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('token', 'tok-1');
    runOnPage('/post/playa-y-sol-k2', 'post');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/me', `GET ${pathFor('postBySlug', { slug: 'playa-y-sol-k2' })}`]);
    fetchMock.mockClear();
    // The router's fixed segments match in any case.
    runOnPage('/Post/playa-y-sol-k2', 'post');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/me', 'GET /api/posts/slug/playa-y-sol-k2']);
    fetchMock.mockClear();
    // A quicky's page opens the player, which asks its own way.
    runOnPage('/quicky/baile-9x', 'post');
    expect(calls(fetchMock)).toEqual(['GET /api/me']);
    fetchMock.mockClear();
    for (const pathname of ['/login', '/valeria_rios/followers', '/valeria_rios']) runOnPage(pathname, null);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks /quickys\' first page on the page the server marked, as the app asks it, and the app takes it', async () => {
    localStorage.setItem('wag.language', 'es');
    const fetchMock = serve();
    runOnPage('/quickys', 'quickys');
    expect(calls(fetchMock)).toEqual([`GET ${pathFor('exploreQuickys')}`]);
    fetchMock.mockClear();
    startFirstScreen({ pathname: '/quickys', search: '' });
    await expect(takeEarly('explore-quickys:guest')).resolves.toEqual(answers['/api/quickys']);
    expect(fetchMock).not.toHaveBeenCalled();
    // Not marked (a build without the list): nothing asked by the script.
    runOnPage('/quickys', null);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not taken when the app would ask otherwise (another token, another language): the app asks itself', async () => {
    const fetchMock = inlineRanFor('tok-1', 'en');
    fetchMock.mockClear();
    startFirstScreen({ pathname: '/', search: '' });
    await takeEarly('feed:@ana');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed', 'GET /api/feed/stories', 'GET /api/me']);
    expect(fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Accept-Language'))).toEqual(['es', 'es', 'es']);
  });

  it("is not taken for another person's token: the app asks itself, with its own token", async () => {
    const fetchMock = inlineRanFor('tok-1');
    fetchMock.mockClear();
    localStorage.setItem('token', 'tok-2');
    startFirstScreen({ pathname: '/', search: '' });
    await takeEarly('feed:@ana');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed', 'GET /api/feed/stories', 'GET /api/me']);
    expect(fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'))).toEqual([
      'Bearer tok-2',
      'Bearer tok-2',
      'Bearer tok-2',
    ]);
  });

  it('is not taken once older than an early answer lives (10 s): the app asks itself', async () => {
    const fetchMock = inlineRanFor('tok-1');
    fetchMock.mockClear();
    // Just past the lifetime of the answers the script asked for (none was asked later than now).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10_001);
    startFirstScreen({ pathname: '/', search: '' });
    await takeEarly('feed:@ana');
    expect(calls(fetchMock).sort()).toEqual(['GET /api/feed', 'GET /api/feed/stories', 'GET /api/me']);
  });

  it("sends a token stored by older clients (quoted, 'Bearer ' prefixed) as the app does, and the app takes it", async () => {
    for (const stored of ['Bearer tok-1', '"Bearer tok-1"', "'tok-1'", '  bearer   "tok-1" ']) {
      clearEarly();
      const fetchMock = inlineRanFor(stored);
      expect(fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'))).toEqual([
        'Bearer tok-1',
        'Bearer tok-1',
        'Bearer tok-1',
      ]);
      fetchMock.mockClear();
      startFirstScreen({ pathname: '/', search: '' });
      await expect(takeEarly('feed:@ana')).resolves.toEqual(answers['/api/feed']);
      expect(fetchMock).not.toHaveBeenCalled();
      fetchMock.mockRestore();
    }
  });
});
