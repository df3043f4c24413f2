import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeStoredUsername } from '../../lib/auth-storage';
import { resetFirstScreen } from '../../lib/idle';
import { lazyRoute } from '../../lib/lazy-route';
import { jsonResponse, renderApp } from '../../test/render-routes';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path === '/api/me') {
      return jsonResponse(200, {
        success: true,
        user: { id: '1', username: 'ana', fullName: 'Ana Ruiz', email: 'ana@example.com', profilePictureUrl: null, isVerified: false },
      });
    }
    if (path === '/api/logout') return jsonResponse(200, { success: true });
    return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
  });
}

describe('Shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetFirstScreen();
  });

  it('shows the signed-in account in the top bar and side menu', async () => {
    signIn();
    renderApp(['/']);
    expect(await screen.findByRole('link', { name: 'Tu perfil: @ana' })).toHaveAttribute('href', '/ana');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    const menu = screen.getByTestId('side-menu');
    expect(await within(menu).findByText('Ana Ruiz')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/ana');
  });

  it("renders a phone's closed drawer empty until it first opens, then keeps its content through closing", async () => {
    signIn();
    renderApp(['/']);
    await screen.findByRole('link', { name: 'Tu perfil: @ana' });
    const menu = screen.getByTestId('side-menu');
    expect(menu).toBeEmptyDOMElement();
    expect(menu).toHaveAttribute('inert');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(within(menu).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(menu).not.toHaveAttribute('inert');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    // Closed again: inert and off screen, its links still there to slide out with it.
    expect(menu).toHaveAttribute('inert');
    expect(within(menu).getByRole('link', { name: 'Inicio', hidden: true })).toBeInTheDocument();
  });

  it('asks for the unread counts and opens the live channel only once the first screen is drawn', async () => {
    resetFirstScreen();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const fetchMock = signIn();
    const asked = () => fetchMock.mock.calls.map(([input]) => String(input));
    const later = ['/api/live/counts', '/api/live'];
    renderApp(['/']);
    await screen.findByRole('link', { name: 'Tu perfil: @ana' });
    await screen.findByTestId('home-feed');
    expect(asked().filter((path) => later.includes(path))).toEqual([]);
    // The page's load, then its first idle moment (an earlier wait may listen too: every one comes).
    window.dispatchEvent(new Event('load'));
    act(() => idle.forEach((run) => run()));
    await waitFor(() => expect(later.filter((path) => asked().includes(path))).toEqual(later));
  });

  it('points Perfil to /login for a visitor', async () => {
    renderApp(['/']);
    await screen.findByTestId('home-feed');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/login');
    expect(within(screen.getByTestId('bottom-bar')).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/login');
    expect(within(menu).queryByRole('button', { name: 'Cerrar Sesión' })).not.toBeInTheDocument();
  });

  it('opens the side menu and logs out: server call, storage cleared, /login', async () => {
    const fetchMock = signIn();
    const { history } = renderApp(['/']);
    const user = userEvent.setup();
    await screen.findByTestId('home-feed');

    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([path]) => path === '/api/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('goes to the renamed profile when usernameChanged is broadcast', async () => {
    signIn();
    const { history } = renderApp(['/settings']);
    await screen.findByTestId('settings-page');
    // A phone's drawer never opened holds nothing: the rename is heard all the same.
    expect(screen.getByTestId('side-menu')).toBeEmptyDOMElement();
    act(() => changeStoredUsername('ana_nueva'));
    await waitFor(() => expect(history.location.pathname).toBe('/ana_nueva'));
  });

  it('forgets the session when /api/me answers 401', async () => {
    localStorage.setItem('token', 'caducado');
    localStorage.setItem('username', 'ana');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { success: false, message: 'Debes iniciar sesión.' }));
    renderApp(['/']);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('username')).toBeNull();
    expect(await within(screen.getByTestId('top-bar')).findByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('keeps the search overlay open, with its text, when the first screen finishes loading', async () => {
    // The screen's chunk arrives when the test says so.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const home = lazyRoute(async () => {
      await arrived;
      return (await import('../routes/home-route')).HomeRoute;
    });
    renderApp(['/'], [{ index: true, Component: home }]);
    // The screen's chunk is still on its way: the shell around a spinner is already usable.
    expect(within(screen.getByRole('main')).getByRole('status')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Buscar' }));
    fireEvent.change(await screen.findByTestId('search-input'), { target: { value: 'atardecer' } });
    const chip = within(screen.getByRole('dialog')).getByRole('button', { name: 'Quickys' });

    act(() => arrive());
    await screen.findByTestId('home-feed');
    expect(screen.getByTestId('search-input')).toHaveValue('atardecer');
    expect(chip).toBeInTheDocument();
  });

  it("links the creator's dashboard from the side menu and the settings for an approved identity only", async () => {
    let identity = 'approved';
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = String(input);
      if (path === '/api/me') {
        return jsonResponse(200, { success: true, user: { id: '1', username: 'ana', fullName: 'Ana Ruiz', email: 'ana@example.com', profilePictureUrl: null, isVerified: false } });
      }
      if (path === '/api/verification/status') return jsonResponse(200, { identity, identityReason: null, account: 'none' });
      if (path === '/api/users/ana/vip') {
        return jsonResponse(200, { enabled: false, monthlyPrice: null, storyPrice: null, currency: 'USD', isSubscribed: false, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, lockedStories: 0 });
      }
      return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
    });
    const { unmount } = renderApp(['/settings']);
    const settings = await screen.findByTestId('settings-page');
    expect(within(settings).getByRole('link', { name: /Mis suscripciones/ })).toHaveAttribute('href', '/settings/subscriptions');
    expect(await within(settings).findByRole('link', { name: /Panel de creador/ })).toHaveAttribute('href', '/creator');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(await within(screen.getByTestId('side-menu')).findByRole('link', { name: 'Panel de creador' })).toHaveAttribute('href', '/creator');
    unmount();

    identity = 'none';
    renderApp(['/settings']);
    const plain = await screen.findByTestId('settings-page');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.filter(([path]) => path === '/api/users/ana/vip')).toHaveLength(1));
    await waitFor(() => expect(within(plain).getByRole('link', { name: /Mis suscripciones/ })).toBeInTheDocument());
    expect(within(plain).queryByRole('link', { name: /Panel de creador/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'Ajustes' })).toBeInTheDocument();
    expect(within(screen.getByTestId('side-menu')).queryByRole('link', { name: 'Panel de creador' })).not.toBeInTheDocument();
  });

  it('folds the side menu to named icons on wide screens, and keeps the choice for the next visit', async () => {
    signIn();
    // jsdom has no matchMedia: a 1440 px wide window answers the width queries.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width: (1100|1200)px/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    const { unmount } = renderApp(['/settings']);
    await screen.findByTestId('settings-page');
    const menu = screen.getByTestId('side-menu');
    expect(menu).toHaveAttribute('data-collapsed', 'false');
    expect(within(menu).getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('title');

    await user.click(within(menu).getByRole('button', { name: 'Contraer menú' }));
    expect(menu).toHaveAttribute('data-collapsed', 'true');
    expect(within(menu).getByRole('link', { name: 'Inicio' })).toHaveAttribute('title', 'Inicio');
    expect(within(menu).getByRole('button', { name: 'Expandir menú' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('wag.sideMenuCollapsed')).toBe('1');
    unmount();

    renderApp(['/settings']);
    await screen.findByTestId('settings-page');
    const again = screen.getByTestId('side-menu');
    expect(again).toHaveAttribute('data-collapsed', 'true');
    // The top bar's menu button unfolds it too.
    await user.click(within(screen.getByTestId('top-bar')).getByRole('button', { name: 'Abrir menú' }));
    expect(again).toHaveAttribute('data-collapsed', 'false');
    expect(localStorage.getItem('wag.sideMenuCollapsed')).toBeNull();
  });
});
