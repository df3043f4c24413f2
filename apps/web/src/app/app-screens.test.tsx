import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { AppLink } from '../lib/app-link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryRouter } from '../lib/history-router';
import { lazyRoute } from '../lib/lazy-route';
import { renderApp } from '../test/render-routes';
import { deferred } from '../test/social-fixtures';
import { Providers } from './providers';
import { AppScreens, prepareScreens } from './router';


function Home() {
  return (
    <section data-testid="home">
      <AppLink to="/next">siguiente</AppLink>
    </section>
  );
}

function Next() {
  return <p data-testid="next">la siguiente</p>;
}

const progress = () => screen.queryByRole('progressbar');

describe("the app's screens", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("loads a screen's module only when its route is visited", async () => {
    const nextModule = vi.fn(async () => Next);
    renderApp(['/'], [
      { index: true, Component: Home },
      { path: 'next', Component: lazyRoute(nextModule) },
    ]);
    await screen.findByTestId('home');
    expect(nextModule).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'siguiente' }));
    expect(await screen.findByTestId('next')).toBeInTheDocument();
    expect(nextModule).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen it leaves, with the progress bar, until the next one has loaded: no spinner in between', async () => {
    const next = deferred<typeof Next>();
    const { history } = renderApp(['/'], [
      { index: true, Component: Home },
      { path: 'next', Component: lazyRoute(() => next.promise) },
    ]);
    await screen.findByTestId('home');
    expect(progress()).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'siguiente' }));
    // As with React Router's data router: the address changes when the screen does.
    expect(history.location.pathname).toBe('/');
    expect(screen.getByTestId('home')).toBeInTheDocument();
    expect(progress()).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument();

    await act(async () => next.resolve(Next));
    expect(await screen.findByTestId('next')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/next');
    expect(screen.queryByTestId('home')).not.toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
  });

  it('keeps the screen shown, with the progress bar, when back or forward goes to a screen not loaded yet', async () => {
    const other = deferred<typeof Next>();
    // Two entries, the last one current: back goes to /next, whose module has not been asked for.
    const { history } = renderApp(['/next', '/'], [
      { index: true, Component: Home },
      { path: 'next', Component: lazyRoute(() => other.promise) },
    ]);
    await screen.findByTestId('home');
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/next');
    expect(screen.getByTestId('home')).toBeInTheDocument();
    expect(progress()).toBeInTheDocument();
    await act(async () => other.resolve(Next));
    expect(await screen.findByTestId('next')).toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
  });

  it('drops a navigation still waiting when a newer one is asked for', async () => {
    const slow = deferred<typeof Next>();
    function Third() {
      return <p data-testid="third">tercera</p>;
    }
    const { history } = renderApp(['/'], [
      { index: true, Component: () => (<><Home /><AppLink to="/third">tercera</AppLink></>) },
      { path: 'next', Component: lazyRoute(() => slow.promise) },
      { path: 'third', Component: Third },
    ]);
    await screen.findByTestId('home');
    await userEvent.click(screen.getByRole('link', { name: 'siguiente' }));
    expect(progress()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'tercera' }));
    expect(await screen.findByTestId('third')).toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
    await act(async () => slow.resolve(Next));
    expect(history.location.pathname).toBe('/third');
    expect(history.index).toBe(1);
    expect(screen.getByTestId('third')).toBeInTheDocument();
  });

  it('shows a screen already loaded at once, with no pending state', async () => {
    const nextRoute = lazyRoute(async () => Next);
    await nextRoute.preload();
    const { history } = renderApp(['/'], [
      { index: true, Component: Home },
      { path: 'next', Component: nextRoute },
    ]);
    await screen.findByTestId('home');
    act(() => history.push('/next'));
    expect(screen.getByTestId('next')).toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
  });

  it('shows the error screen when a module fails to load, and asks for it again on the next visit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const nextModule = vi.fn<() => Promise<typeof Next>>().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Next);
    const { history } = renderApp(['/'], [
      { index: true, Component: Home },
      { path: 'next', Component: lazyRoute(nextModule) },
    ]);
    await screen.findByTestId('home');
    await userEvent.click(screen.getByRole('link', { name: 'siguiente' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Volver a cargar' })).toBeInTheDocument();
    // The shell is still there around it.
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();

    act(() => history.go(-1));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => history.go(1));
    expect(await screen.findByTestId('next')).toBeInTheDocument();
    expect(nextModule).toHaveBeenCalledTimes(2);
  });

  it('shows the error screen when a screen throws while rendering, and the next page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('broken screen');
    }
    const { history } = renderApp(['/broken'], [
      { index: true, Component: Home },
      { path: 'broken', Component: Broken },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo salió mal');
    act(() => history.push('/'));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the page not found for an unknown path', async () => {
    renderApp(['/una/ruta/que/no/existe']);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('waits for the first screen with a spinner inside the shell', async () => {
    const first = deferred<typeof Home>();
    renderApp(['/'], [{ index: true, Component: lazyRoute(() => first.promise) }]);
    expect(within(screen.getByRole('main')).getByRole('status')).toBeInTheDocument();
    expect(progress()).not.toBeInTheDocument();
    await act(async () => first.resolve(Home));
    await waitFor(() => expect(screen.getByTestId('home')).toBeInTheDocument());
  });
});

describe("the app's screens, rendered as the browser does (effects after a frame, not inside act)", () => {
  it('shows a screen whose module settles before the effects run (a chunk fetched early, from the cache)', async () => {
    const routes = [{ index: true, Component: lazyRoute(() => Promise.resolve(Next)) }];
    const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      root.render(
        <Providers queryClient={new QueryClient()}>
          <HistoryRouter history={history} prepare={(to) => prepareScreens(to, routes)}>
            <AppScreens routes={routes} />
          </HistoryRouter>
        </Providers>,
      );
      await waitFor(() => expect(within(container).getByTestId('next')).toBeInTheDocument());
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
