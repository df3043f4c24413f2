import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { AppLink } from './app-link';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-routes';
import { lazyRoute } from './lazy-route';
import { SCROLL_POSITIONS_KEY } from './scroll-restoration';

/** The page scrolled to `y` by the person: jsdom has no layout, the position and its event are set here. */
function scrollPage(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

function List() {
  const [params, setParams] = useSearchParams();
  return (
    <section data-testid="list">
      <AppLink to="/detail">detalle</AppLink>
      <button type="button" onClick={() => setParams({ tab: 'b' }, { replace: true, preventScrollReset: true })}>
        pestaña {params.get('tab') ?? 'a'}
      </button>
      <button type="button" onClick={() => setParams({ tab: 'c' }, { replace: true })}>
        otra
      </button>
    </section>
  );
}

function Detail() {
  return <p data-testid="detail">detalle</p>;
}

const routes = [
  { index: true, Component: List },
  { path: 'detail', Component: Detail },
];

describe('scroll restoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    scrollTo = vi.fn((_x: number, y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true }));
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // First in this file: the module reads the stored positions once, as a page does when it loads.
  it('restores, on a page just loaded, the position its entry had before a reload', async () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ '/': 640 }));
    renderApp(['/'], routes);
    await screen.findByTestId('list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('takes a new page to the top, and back restores where the page was left', async () => {
    const { history } = renderApp(['/'], routes);
    await screen.findByTestId('list');
    expect(window.history.scrollRestoration).toBe('manual');
    scrollPage(900);
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('link', { name: 'detalle' }));
    await screen.findByTestId('detail');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollPage(150);

    act(() => history.go(-1));
    await screen.findByTestId('list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);

    // Forward: the detail where it was left.
    act(() => history.go(1));
    await screen.findByTestId('detail');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 150);

    // A new visit to the same path is a new entry: the top.
    act(() => history.push('/'));
    await screen.findByTestId('list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('moves when the next screen shows, not while it loads', async () => {
    let arrive!: (screen: typeof Detail) => void;
    const { history } = renderApp(['/'], [
      { index: true, Component: List },
      { path: 'detail', Component: lazyRoute(() => new Promise<typeof Detail>((resolve) => (arrive = resolve))) },
    ]);
    await screen.findByTestId('list');
    scrollPage(700);
    scrollTo.mockClear();
    act(() => history.push('/detail'));
    expect(scrollTo).not.toHaveBeenCalled();
    // The page left is still there to scroll: its position is the one kept.
    scrollPage(750);
    await act(async () => arrive(Detail));
    await screen.findByTestId('detail');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => history.go(-1));
    await screen.findByTestId('list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 750);
  });

  it('keeps the position for a navigation that asks for preventScrollReset, and only for it', async () => {
    renderApp(['/'], routes);
    await screen.findByTestId('list');
    scrollPage(400);
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'pestaña a' }));
    expect(await screen.findByRole('button', { name: 'pestaña b' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'otra' }));
    expect(await screen.findByRole('button', { name: 'pestaña c' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('stores the positions for a reload (sessionStorage) when the page is left, the first entry by its path', async () => {
    const first = renderApp(['/'], routes);
    await screen.findByTestId('list');
    scrollPage(1200);
    fireEvent(window, new Event('pagehide'));
    expect(window.history.scrollRestoration).toBe('auto');
    // The first load's entry has the key 'default': its position goes by its path.
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toMatchObject({ '/': 1200 });
    first.unmount();

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    scrollTo.mockClear();
    renderApp(['/'], routes);
    await screen.findByTestId('list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });
});
