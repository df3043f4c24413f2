import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFirstScreen } from '../../lib/idle';
import { renderRoutes } from '../../test/render-routes';
import { makePost } from '../../test/social-fixtures';
import { QuickyPlayer, type QuickyPlayerProps } from './quicky-player';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetFirstScreen();
  localStorage.clear();
});

const quicky = (slug: string, extra: Parameters<typeof makePost>[0] = {}) => makePost({ slug, post_type: 'quicky', body: `Quicky ${slug}`, ...extra });
const Comments = ({ postId }: { postId: string }) => <p>Comentarios de {postId}</p>;

function renderPlayer(props: Partial<QuickyPlayerProps>) {
  const onIndexChange = vi.fn();
  const loadMore = vi.fn();
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <QuickyPlayer
          items={[quicky('a'), quicky('b')]}
          index={0}
          onIndexChange={onIndexChange}
          loadMore={loadMore}
          Comments={Comments}
          variant="inline"
          label="Quickys para ti"
          {...props}
        />
      ),
    },
    { path: '/login', element: <p>Pantalla de acceso</p> },
  ]);
  return { ...view, onIndexChange, loadMore };
}

describe('QuickyPlayer', () => {
  it('shows a VIP item locked, with the subscribe offer instead of its media', () => {
    renderPlayer({ items: [quicky('vip', { locked: true, visibility: 'subscribers', post_type: 'vip', video_url: null, media_url: null })] });
    expect(screen.getByTestId('player-locked')).toHaveTextContent('Este contenido es solo para los suscriptores de @valeria_rios.');
    expect(screen.getByRole('link', { name: 'Suscribirme' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('player-video')).not.toBeInTheDocument();
  });

  it('moves with the arrow keys and leaves keys alone in a text field', () => {
    const { onIndexChange } = renderPlayer({});
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(onIndexChange).toHaveBeenCalledWith(1);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    // Already at the first item: nothing before it.
    expect(onIndexChange).toHaveBeenCalledTimes(1);
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(onIndexChange).toHaveBeenCalledTimes(1);
    field.remove();
  });

  it('asks for the next page while a few items are still ahead', () => {
    const { loadMore } = renderPlayer({ hasMore: true });
    expect(loadMore).toHaveBeenCalled();
  });

  it('does not ask for more when the list is far from its end', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((slug) => quicky(slug));
    const { loadMore } = renderPlayer({ items, hasMore: true });
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('keeps only the item on screen and its neighbours in the page, the one on screen playing', () => {
    const items = ['a', 'b', 'c', 'd'].map((slug) => quicky(slug));
    renderPlayer({ items, index: 1 });
    expect(screen.getAllByTestId('player-slide').map((slide) => slide.getAttribute('data-slug'))).toEqual(['a', 'b', 'c']);
    expect(screen.getByTestId('player-video')).toHaveAttribute('src', items[1]!.video_url);
  });

  it('gives the neighbours their stills and video bytes once the first screen is drawn, the one on screen at once', async () => {
    resetFirstScreen();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const items = ['a', 'b', 'c'].map((slug) => quicky(slug, { video_thumbnail_url: `/media/${slug}/poster.webp` }));
    const { onIndexChange } = renderPlayer({ items, index: 1 });
    const poster = (slug: string) => document.querySelector(`[data-slug="${slug}"] video`)?.getAttribute('poster') ?? null;
    const preload = (slug: string) => document.querySelector(`[data-slug="${slug}"] video`)?.getAttribute('preload') ?? null;
    expect(poster('b')).toBe('/media/b/poster.webp');
    expect(preload('b')).toBe('auto');
    expect([poster('a'), poster('c')]).toEqual([null, null]);
    expect([preload('a'), preload('c')]).toEqual(['none', 'none']);

    // The page's load, then its first idle moment: the first screen is drawn.
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
    await act(async () => {
      for (const callback of idle.splice(0)) callback();
    });
    // Each slide turns in a task of its own, right after (lib/idle.ts).
    await waitFor(() => expect(poster('a')).toBe('/media/a/poster.webp'));
    expect(poster('c')).toBe('/media/c/poster.webp');
    // The next one readies its start for the swipe; the one behind only its size and length.
    expect([preload('a'), preload('b'), preload('c')]).toEqual(['metadata', 'auto', 'auto']);
    expect(onIndexChange).not.toHaveBeenCalled();
  });

  it('sends a guest who asks for the comments to /login', async () => {
    renderPlayer({});
    fireEvent.click(screen.getByRole('button', { name: 'Ver comentarios (0)' }));
    expect(await screen.findByText('Pantalla de acceso')).toBeInTheDocument();
  });

  it('opens the comments in the bottom sheet for someone signed in', async () => {
    localStorage.setItem('token', 'tok-1');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    const items = [quicky('a', { id: 'post-a' })];
    renderPlayer({ items });
    fireEvent.click(screen.getByRole('button', { name: 'Ver comentarios (0)' }));
    expect(await screen.findByText('Comentarios de post-a')).toBeInTheDocument();
    expect(screen.getByTestId('comments-sheet')).toBeInTheDocument();
  });
});
