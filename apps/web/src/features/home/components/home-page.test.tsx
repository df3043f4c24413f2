import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { makePost } from '../../../test/social-fixtures';
import { HomeRoute } from '../../../app/routes/home-route';
import { FIRST_ROWS } from '../../../lib/stepwise';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function serve(routes: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(routes).find((path) => url.startsWith(path));
    return key ? jsonResponse(200, routes[key]) : jsonResponse(404, { success: false, message: 'no' });
  });
}

describe('HomePage (Siguiendo)', () => {
  it('opens on Siguiendo with the feed cards of the people you follow', async () => {
    localStorage.setItem('token', 'tok-1');
    serve({
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'following', items: [{ ...makePost({ slug: 'uno', body: 'Primer post' }), isLiked: false }], nextCursor: null },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tu Feed' })).toBeInTheDocument();
    expect(screen.getByText('Estás al día.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Siguiendo' })).toHaveAttribute('aria-current', 'page');
  });

  it("fetches the first card's picture at once and first, from a srcset; later cards wait until they come near", async () => {
    localStorage.setItem('token', 'tok-1');
    serve({
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': {
        kind: 'following',
        items: [
          { ...makePost({ slug: 'uno', body: 'Primer post' }), isLiked: false },
          { ...makePost({ slug: 'dos', body: 'Segundo post' }), isLiked: false },
          { ...makePost({ slug: 'tres', body: 'Tercer post', post_type: 'quicky', media_type: 'video' }), isLiked: false },
        ],
        nextCursor: null,
      },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    await screen.findByText('Tercer post');
    const [first, ...later] = screen.getAllByTestId('feed-card').map((card) => card.querySelector('.feed-card__media img'));
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first?.getAttribute('srcset')).toMatch(/ 480w, .+ 1080w$/);
    expect(first).toHaveAttribute('sizes', '(min-width: 620px) 620px, 100vw');
    expect(later).toHaveLength(2);
    for (const image of later) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority', 'high');
      expect(image).toHaveAttribute('srcset');
    }
  });

  it('shows a discovery feed with WAG Stars to follow when you follow nobody', async () => {
    serve({
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'discovery', items: [{ ...makePost({ slug: 'dos', body: 'Lo nuevo' }), isLiked: false }], nextCursor: 'c2' },
      '/api/wag-stars': { users: [{ id: 's1', username: 'valeria_rios', fullName: 'Valeria Ríos', bio: null, profilePictureUrl: null, isVerified: true, followers: 3, posts: 2, isFollowedByMe: false }] },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }], ['/?tab=siguiendo']);
    expect(await screen.findByRole('heading', { name: 'Descubre WAG' })).toBeInTheDocument();
    // Inside the discovery feed's own list (the side rail, loaded beside it, names the same stars).
    const stars = await screen.findByRole('region', { name: 'WAG Stars para seguir' });
    expect(within(stars).getByText('Valeria Ríos')).toBeInTheDocument();
    expect(screen.getByText('Lo nuevo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
  });
});

describe('HomePage (Siguiendo): the feed comes in steps, then scrolls on', () => {
  /** jsdom has no IntersectionObserver: one that records what it watches and that the test fires. */
  class WatchingObserver {
    static made: WatchingObserver[] = [];
    observed: Element[] = [];
    disconnected = false;
    constructor(readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      WatchingObserver.made.push(this);
    }
    observe(element: Element) {
      this.observed.push(element);
    }
    disconnect() {
      this.disconnected = true;
    }
  }

  it('renders every card of a long first page, then asks for the next page when the end comes into view', async () => {
    WatchingObserver.made = [];
    vi.stubGlobal('IntersectionObserver', WatchingObserver);
    try {
      localStorage.setItem('token', 'tok-1');
      const posts = Array.from({ length: 6 }, (_, n) => ({ ...makePost({ slug: `p${n}`, body: `Post ${n + 1}` }), isLiked: false }));
      const fetch = serve({
        '/api/feed/stories': { items: [], nextCursor: null },
        '/api/feed?cursor=c2': { kind: 'following', items: [{ ...makePost({ slug: 'p7', body: 'Post 7' }), isLiked: false }], nextCursor: null },
        '/api/feed': { kind: 'following', items: posts, nextCursor: 'c2' },
      });
      // The browser's idle moments come when the test says so.
      const idle: IdleRequestCallback[] = [];
      vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
      vi.stubGlobal('cancelIdleCallback', () => undefined);
      renderRoutes([{ path: '/', element: <HomeRoute /> }], ['/?tab=siguiendo']);
      expect(await screen.findByText('Post 1')).toBeInTheDocument();
      // While the cards come in steps, the list's end is not shown yet.
      expect(screen.getAllByTestId('feed-card')).toHaveLength(FIRST_ROWS);
      expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
      while (screen.getAllByTestId('feed-card').length < 6) {
        const next = idle.shift();
        expect(next).toBeDefined();
        act(() => next!({ didTimeout: false, timeRemaining: () => 10 }));
      }
      expect(await screen.findByText('Post 6')).toBeInTheDocument();
      expect(screen.getAllByTestId('feed-card')).toHaveLength(6);
      expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
      // The end of the list is watched once all the cards are there.
      const watching = await vi.waitFor(() => {
        const live = WatchingObserver.made.filter((observer) => !observer.disconnected && observer.observed.length > 0);
        expect(live).toHaveLength(1);
        return live[0]!;
      });
      watching.callback([{ isIntersecting: true }]);
      expect(await screen.findByText('Post 7')).toBeInTheDocument();
      expect(fetch.mock.calls.some(([url]) => String(url).includes('cursor=c2'))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('HomePage (Para ti)', () => {
  const quicky = { ...makePost({ slug: 'q1', body: 'Un quicky para ti', post_type: 'quicky', media_type: 'video', video_url: '/media/q1.mp4' }), isLiked: false, isSaved: false };

  it('opens on Para ti for a guest, with the ranked quickys in the player', async () => {
    const fetch = serve({
      '/api/feed/for-you': { items: [quicky], nextCursor: null },
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'discovery', items: [], nextCursor: null },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Un quicky para ti')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Para ti' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('player-video')).toHaveAttribute('src', '/media/q1.mp4');
    // A guest's home never needed the following feed to choose its tab.
    expect(fetch.mock.calls.some(([url]) => /\/api\/feed(\?|$)/.test(String(url)))).toBe(false);
  });

  it('opens on Para ti for someone who follows nobody (their feed is the discovery one)', async () => {
    localStorage.setItem('token', 'tok-1');
    serve({
      '/api/feed/for-you': { items: [quicky], nextCursor: null },
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'discovery', items: [], nextCursor: null },
      '/api/posts/slug/q1': { success: true, post: { ...quicky, tags: [], media: [], isOwner: false, isFollowingAuthor: false, user: { ...quicky.user, isVerified: false } } },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Un quicky para ti')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Para ti' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the tab the URL names, and a click on a tab puts it in the URL', async () => {
    localStorage.setItem('token', 'tok-1');
    serve({
      '/api/feed/for-you': { items: [quicky], nextCursor: null },
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'following', items: [{ ...makePost({ slug: 'uno', body: 'Primer post' }), isLiked: false }], nextCursor: null },
      '/api/posts/slug/q1': { success: true, post: { ...quicky, tags: [], media: [], isOwner: false, isFollowingAuthor: false, user: { ...quicky.user, isVerified: false } } },
    });
    const { history } = renderRoutes([{ path: '/', element: <HomeRoute /> }], ['/?tab=para-ti']);
    expect(await screen.findByText('Un quicky para ti')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Siguiendo' }));
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    expect(history.location.search).toBe('?tab=siguiendo');
  });
});
