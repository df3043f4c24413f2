import { cardImage, FEED_CARD_SIZES, quickyPoster, quickyTileSizes } from '../components/posts/post-media';
import { quickyLeadTile, quickyTallTiles } from '../components/posts/quicky-layout';
import { startFeedEarly } from '../features/home/api/feed';
import { startForYouEarly } from '../features/home/api/for-you';
import { leadPicture } from '../features/post/lead-picture';
import { startExploreQuickysEarly } from '../features/quicky/api/explore';
import { startStoryRowEarly } from '../features/stories/api/use-stories';
import { readToken, readUsername } from '../lib/auth-storage';
import { startCurrentUserEarly } from '../lib/current-user';
import { preloadImage } from '../lib/preload';
import { startPostEarly } from '../lib/queries/post';
import { viewerKey } from '../lib/viewer-key';

/**
 * Run by main.tsx before anything else waits: on the home ('/'), the screen's code and the answers it
 * will show are asked for at once, in parallel with the language catalog, instead of one after the
 * other once React has rendered (the signed-in first screen was index.html → app → catalog → home's
 * code → /api/me and /api/feed → the first image); on /quickys, its first page and first picture;
 * on a post's page, its lead picture once its answer names it. Every other page starts as before (a
 * profile's answers are index.html's to ask).
 */
export function startFirstScreen(location: Pick<Location, 'pathname' | 'search'>): void {
  const session = { token: readToken(), username: readUsername() };
  const viewer = viewerKey(session);
  // The router's fixed segments match in any case, with or without a trailing slash.
  if (/^\/quickys\/?$/i.test(location.pathname)) {
    // A shared player link (`?play=`): the player covers the grid and shows its own poster, which the
    // grid's pictures would compete with; only the answer is started then.
    startQuickys(viewer, !new URLSearchParams(location.search).has('play'));
    return;
  }
  const post = /^\/post\/([^/]+)\/?$/i.exec(location.pathname);
  // A post's page is for signed-in people (a guest is sent to sign in: router.tsx, RequireSession).
  if (post) {
    if (session.token) startPost(post[1]!, viewer);
    return;
  }
  if (location.pathname !== '/') return;
  void import('./routes/home-route');
  // The tab the URL asks for (home-page.tsx's tabFromUrl: any other value asks for none).
  const named = new URLSearchParams(location.search).get('tab');
  const tab = named === 'siguiendo' || named === 'para-ti' ? named : null;
  if (session.token) startCurrentUserEarly(session.token);
  // The tab the home opens on (home-page.tsx): the one in the URL; with none, a signed-in person's
  // feed decides ('Siguiendo' for people who follow someone) and a guest gets 'Para ti'.
  const following = tab === 'siguiendo' || (tab !== 'para-ti' && session.token !== null);
  // The first picture (the largest thing on the screen) is asked for as soon as the answer names it,
  // not once the screen has rendered: the same src/srcset/sizes as the first feed card, or the
  // player's poster. A signed-in person whose feed says they follow nobody lands on 'Para ti' (with no
  // tab in the URL): that tab is then started instead.
  if (following) {
    startFeedEarly(viewer)
      .then((feed) => {
        if (tab === null && feed.kind !== 'following') {
          startParaTi(viewer);
          return;
        }
        const image = feed.items[0] ? cardImage(feed.items[0]) : null;
        if (image) preloadImage({ ...image, sizes: FEED_CARD_SIZES });
      })
      .catch(() => undefined);
    if (session.token) startStoryRowEarly(viewer);
  } else {
    startParaTi(viewer);
  }
}

/** 'Para ti': its first page, the player's code, and the first quicky's poster once the page names it. */
function startParaTi(viewer: string): void {
  startForYouEarly(viewer)
    .then((page) => {
      const poster = page.items[0] && !page.items[0].locked ? quickyPoster(page.items[0]) : undefined;
      if (poster) preloadImage({ src: poster });
    })
    .catch(() => undefined);
  void import('../components/quicky-player/quicky-player');
}

/**
 * /quickys: its first page (index.html's script asked for it already; this takes that answer), and the
 * picture its grid fetches first (the lead tile's, as on a phone's three columns: quickyLeadTile) once
 * the page names it; the other tiles' come with the grid. The screen's code comes with the page (the
 * server's preload links).
 */
function startQuickys(viewer: string, pictures: boolean): void {
  startExploreQuickysEarly(viewer)
    .then((page) => {
      // From 768px the grid has four or five columns (post-grid.css), whose tall tiles and sizes differ
      // from a phone's: its pictures are left to the grid there.
      if (!pictures || (typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches)) return;
      const tall = quickyTallTiles(page.quickys.length, 3);
      const lead = quickyLeadTile(page.quickys, tall);
      const image = lead >= 0 ? cardImage(page.quickys[lead]!) : null;
      // The same src, srcset and sizes as the grid's tile (post-grid.tsx), so the tile takes this download.
      if (image) preloadImage({ ...image, sizes: quickyTileSizes(tall[lead] ?? false) });
    })
    .catch(() => undefined);
}

/**
 * A post's page: its answer (index.html's script asked for it already; this takes that answer, and the
 * page's first fetch takes this one), and its lead picture as soon as the answer names it, the same
 * address the page's first photo or video poster shows.
 */
function startPost(segment: string, viewer: string): void {
  let slug: string;
  try {
    // As React Router reads a path segment (its decodePath), so the page's query is this one.
    slug = decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return; // Badly encoded: the page asks by itself, with the segment as it is (and finds no post).
  }
  startPostEarly(slug, viewer)
    .then(({ post }) => {
      const picture = leadPicture(post);
      if (picture) preloadImage({ src: picture });
    })
    .catch(() => undefined);
}
