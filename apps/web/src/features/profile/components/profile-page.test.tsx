import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, deferred, makePost, makeProfile, meResponse, mockApi, signIn } from '../../../test/social-fixtures';
import { ProfileRoute } from '../../../app/routes/profile-route';

function renderProfile(path = '/valeria_rios') {
  return renderRoutes(
    [
      { path: '/:username', Component: ProfileRoute },
      { path: '/profile/:username', Component: ProfileRoute },
      { path: '/login', element: <p>Pantalla de login</p> },
      { path: '/:username/followers', element: <p>Lista de seguidores</p> },
    ],
    [path],
  );
}

const stat = (name: string) => screen.getByTestId(`stat-${name}`);

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('ProfilePage: what it shows', () => {
  it("shows 'Cargando perfil...' and then the user: name, badge, handle, stats linking to the lists, bio", async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/profile/valeria_rios': () => answer.promise });
    renderProfile();
    expect(screen.getByText('Cargando perfil...')).toBeInTheDocument();

    answer.resolve(jsonResponse(200, makeProfile({ stats: { followers: 1500, following: 3, posts: 2 } })));
    expect(await screen.findByRole('heading', { level: 1, name: /Valeria Ríos/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cuenta verificada' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-username')).toHaveTextContent('@valeria_rios');
    expect(stat('followers')).toHaveTextContent('1,5 milSeguidores');
    expect(within(stat('followers')).getByRole('link')).toHaveAttribute('href', '/valeria_rios/followers');
    expect(within(stat('following')).getByRole('link')).toHaveAttribute('href', '/valeria_rios/following');
    expect(stat('posts')).toHaveTextContent('2Posts');
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('Creadora de contenido.');
    // Its own answer (none here: the block says so once it has failed, never before).
    await waitFor(() => expect(screen.getByTestId('quickyteca')).toHaveTextContent('Aún no hay historias destacadas.'));
  });

  it("asks for the Quickyteca with the profile, not once it has rendered, and never says 'no highlights' before the answer", async () => {
    const profile = deferred<Response>();
    const groups = deferred<Response>();
    const fetchMock = mockApi({ 'GET /api/profile/Valeria_Rios': () => profile.promise, 'GET /api/story-groups/Valeria_Rios': () => groups.promise });
    renderProfile('/Valeria_Rios');
    // Both asked at once, by the address's name (as index.html's script asks them).
    await waitFor(() => expect(calls(fetchMock)).toEqual(expect.arrayContaining(['GET /api/profile/Valeria_Rios', 'GET /api/story-groups/Valeria_Rios'])));
    profile.resolve(jsonResponse(200, makeProfile()));
    expect(await screen.findByTestId('quickyteca-waiting')).toBeInTheDocument();
    expect(screen.getByTestId('quickyteca')).not.toHaveTextContent('Aún no hay historias destacadas.');
    groups.resolve(jsonResponse(200, { recents: { count: 2, cover_url: null }, groups: [] }));
    expect(await screen.findByTestId('quickyteca-group')).toHaveTextContent('Recientes');
    // The block under the stored name takes the same answer: asked once.
    expect(calls(fetchMock).filter((call) => call.startsWith('GET /api/story-groups/'))).toHaveLength(1);
  });

  it('works at /profile/{username} too', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    renderProfile('/profile/valeria_rios');
    expect(await screen.findByTestId('profile-header')).toBeInTheDocument();
  });

  it('shows a fallback when the bio is empty, and the username when there is no name', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ user: { bio: '   ', fullName: null, isVerified: false } }) });
    renderProfile();
    expect(await screen.findByTestId('profile-bio')).toHaveTextContent('Este perfil aún no tiene biografía.');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('valeria_rios');
    expect(screen.queryByRole('img', { name: 'Cuenta verificada' })).not.toBeInTheDocument();
  });

  it('highlights the avatar ring only while stories are active', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ user: { hasActiveStories: true } }) });
    renderProfile();
    expect(await screen.findByTestId('profile-avatar')).toHaveClass('profile-ring--active');
  });

  it("says 'Usuario no encontrado.' on a 404", async () => {
    mockApi({ 'GET /api/profile/nadie': () => jsonResponse(404, { success: false, message: 'Usuario no encontrado.' }) });
    renderProfile('/nadie');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuario no encontrado.' })).toBeInTheDocument();
  });

  it('says the profile could not be loaded on other failures, and can try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/profile/valeria_rios': () => (fail ? jsonResponse(500, { success: false, message: 'Error interno.' }) : jsonResponse(200, makeProfile())),
    });
    renderProfile();
    expect(
      await screen.findByRole('heading', { name: 'No se pudo cargar el perfil. Es posible que el usuario no exista.' }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('profile-header')).toBeInTheDocument();
  });
});

describe('ProfilePage: tabs and grids', () => {
  const posts = [
    makePost({ id: 'g1', slug: 'playa', post_type: 'grid' }),
    ...Array.from({ length: 7 }, (_, index) => makePost({ id: `q${index + 1}`, slug: `quicky-${index + 1}`, post_type: 'quicky' })),
    makePost({ id: 'v1', slug: 'solo-vip', post_type: 'vip', locked: true, media_url: null, image_url: null, thumbnail_url: null }),
  ];

  it('shows non-quicky posts as square tiles linking to /post/{slug}; locked ones with a lock and no media', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ posts }) });
    renderProfile();
    const grid = await screen.findByTestId('post-grid');
    const tiles = within(grid).getAllByTestId('post-tile');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('href', '/post/playa');
    expect(tiles[1]).toHaveAttribute('data-locked', 'true');
    expect(within(tiles[1]!).getByRole('img', { name: 'Contenido VIP bloqueado' })).toBeInTheDocument();
    expect(tiles[1]!.querySelector('img')).toBeNull();
    expect(within(tiles[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows quickys in the 9:16 grid with the 3rd and 6th of every six tall, linking to /quicky/{slug}', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ posts }) });
    renderProfile();
    await userEvent.click(await screen.findByRole('tab', { name: 'Quickys' }));
    const tiles = within(screen.getByTestId('quicky-grid')).getAllByTestId('post-tile');
    expect(tiles.map((tile) => tile.hasAttribute('data-tall'))).toEqual([false, false, true, false, false, true, false]);
    expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('href', '/quicky/quicky-1');
    expect(screen.getByRole('tab', { name: 'Quickys' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ posts }) });
    const { history } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Posts' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Quickys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Quickys' })).toHaveFocus();
    expect(history.location.search).toBe('?tab=quickys');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'VIP' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the empty texts of each tab', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ posts: [] }) });
    renderProfile();
    expect(await screen.findByText('No hay posts todavía.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Quickys' }));
    expect(screen.getByText('No hay Quickys todavía.')).toBeInTheDocument();
  });

  it("does not claim a tab is empty while more pages may hold its posts", async () => {
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ posts: [makePost({ id: 'q', post_type: 'quicky' })], postsNextCursor: 'c1' }),
    });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
    expect(screen.queryByText('No hay posts todavía.')).not.toBeInTheDocument();
  });

  it("loads the next page with 'Cargar más' from postsNextCursor, then from each page's cursor", async () => {
    const fetchMock = mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ posts: [makePost({ id: 'a', slug: 'a' })], postsNextCursor: 'c1' }),
      'GET /api/users/valeria_rios/posts?cursor=c1': { posts: [makePost({ id: 'b', slug: 'b' })], nextCursor: 'c2' },
      'GET /api/users/valeria_rios/posts?cursor=c2': { posts: [makePost({ id: 'c', slug: 'c' })], nextCursor: null },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('post-tile')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('post-tile')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.includes('/posts'))).toEqual([
      'GET /api/users/valeria_rios/posts?cursor=c1',
      'GET /api/users/valeria_rios/posts?cursor=c2',
    ]);
  });
});

describe('ProfilePage: owner and visitor actions', () => {
  it("gives the owner 'Editar perfil', 'Ver historia' (disabled without active stories) and the photo link, and no follow", async () => {
    signIn('valeria_rios');
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ isOwner: true }), 'GET /api/me': meResponse('valeria_rios') });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ver historia' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cambiar foto de perfil' })).toHaveAttribute('href', '/edit-profile-picture');
    expect(screen.queryByTestId('follow-button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comprar Story' })).not.toBeInTheDocument();
  });

  it("enables 'Ver historia' for an owner with active stories", async () => {
    signIn('valeria_rios');
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile({ isOwner: true, user: { hasActiveStories: true } }) });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Ver historia' })).toBeEnabled();
  });

  it("gives a visitor Seguir, Mensaje to /messages?to= and 'Comprar Story' (vip-tab.test.tsx: what it buys)", async () => {
    signIn();
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Seguir' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mensaje' })).toHaveAttribute('href', '/messages?to=valeria_rios');
    expect(screen.getByRole('button', { name: 'Comprar Story' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar perfil' })).not.toBeInTheDocument();
  });
});

describe('ProfilePage: follow', () => {
  it('follows at once (+1), locks the button while the request runs, ignores repeated taps, then takes the server count', async () => {
    signIn();
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ stats: { followers: 10, following: 3, posts: 0 } }),
      'POST /api/follow/valeria_rios': () => answer.promise,
    });
    renderProfile();
    const user = userEvent.setup();
    const button = await screen.findByTestId('follow-button');
    await user.click(button);

    expect(button).toHaveTextContent('Siguiendo');
    expect(button).toBeDisabled();
    expect(stat('followers')).toHaveAttribute('data-value', '11');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(calls(fetchMock).filter((call) => call.includes('/follow/'))).toEqual(['POST /api/follow/valeria_rios']);
    expect(new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');

    await act(async () => answer.resolve(jsonResponse(200, { success: true, isFollowing: true, followers: 42 })));
    await waitFor(() => expect(button).toBeEnabled());
    expect(stat('followers')).toHaveAttribute('data-value', '42');
    expect(button).toHaveTextContent('Siguiendo');
  });

  it('unfollows with DELETE and counts -1 when the server sends no number, never below zero', async () => {
    signIn();
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ isFollowing: true, stats: { followers: 0, following: 3, posts: 0 } }),
      'DELETE /api/follow/valeria_rios': { success: true, isFollowing: false },
    });
    renderProfile();
    const button = await screen.findByRole('button', { name: 'Siguiendo' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Seguir');
    expect(stat('followers')).toHaveAttribute('data-value', '0');
  });

  it('puts the button and count back when the request fails', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile({ stats: { followers: 10, following: 3, posts: 0 } }),
      'POST /api/follow/valeria_rios': () => jsonResponse(500, { success: false, message: 'Error interno.' }),
    });
    renderProfile();
    const button = await screen.findByTestId('follow-button');
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Seguir');
    expect(stat('followers')).toHaveAttribute('data-value', '10');
    expect(logged).toHaveBeenCalled();
  });

  it.each([401, 403])('on %i forgets the token and shows the login prompt', async (status) => {
    signIn();
    mockApi({
      'GET /api/profile/valeria_rios': makeProfile(),
      'POST /api/follow/valeria_rios': () => jsonResponse(status, { success: false, message: 'Debes iniciar sesión.' }),
    });
    renderProfile();
    await userEvent.click(await screen.findByTestId('follow-button'));
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Seguir' })).toBeInTheDocument();
  });

  it('sends a guest who presses Seguir to /login without calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    const { history } = renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Seguir' }));
    expect(history.location.pathname).toBe('/login');
    expect(calls(fetchMock).some((call) => call.includes('/follow/'))).toBe(false);
  });
});

describe('ProfilePage: login prompt for guests', () => {
  it('opens after more than 200 px of scroll, once per visit, and can be dismissed', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    renderProfile();
    await screen.findByTestId('profile-header');

    scrollTo(200);
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
    scrollTo(201);
    const prompt = await screen.findByTestId('login-prompt');
    // Both come back to this profile once signed in.
    expect(within(prompt).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login?next=%2Fvaleria_rios');
    expect(within(prompt).getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/register?next=%2Fvaleria_rios');

    await userEvent.click(within(prompt).getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
    scrollTo(900);
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    renderProfile();
    await screen.findByTestId('profile-header');
    scrollTo(400);
    await screen.findByTestId('login-prompt');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
  });

  it('never opens for a signed-in user', async () => {
    signIn();
    mockApi({ 'GET /api/profile/valeria_rios': makeProfile() });
    renderProfile();
    await screen.findByTestId('profile-header');
    scrollTo(1000);
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
  });
});
