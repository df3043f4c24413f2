import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, deferred, makeEntry, mockApi, signIn } from '../../../test/social-fixtures';
import { FollowListPage } from './follow-list-page';

function renderList(path: string) {
  return renderRoutes(
    [
      { path: '/:username/followers', element: <FollowListPage kind="followers" /> },
      { path: '/:username/following', element: <FollowListPage kind="following" /> },
      { path: '/login', element: <p>Pantalla de login</p> },
    ],
    [path],
  );
}

const followers = [
  makeEntry({ username: 'camila_ortega', fullName: 'Camila Ortega', isVerified: true, isFollowedByMe: true }),
  makeEntry({ username: 'mateo_fit', fullName: 'Mateo Fit' }),
  makeEntry({ username: 'demo', fullName: 'Demo WAG', isMe: true }),
];

const rowNames = () => screen.getAllByTestId('person-row').map((row) => row.getAttribute('data-username'));
const rowOf = (username: string) => screen.getAllByTestId('person-row').find((row) => row.getAttribute('data-username') === username)!;

describe('Followers and following lists', () => {
  it('lists people with avatar, name, @username, badge, a follow toggle, and none on the own row', async () => {
    signIn('demo');
    mockApi({ 'GET /api/users/valeria_rios/followers': { users: followers, nextCursor: null } });
    renderList('/valeria_rios/followers');
    expect(await screen.findByText('Cargando lista…')).toBeInTheDocument();
    await screen.findByTestId('follow-list');
    expect(rowNames()).toEqual(['camila_ortega', 'mateo_fit', 'demo']);
    const camila = rowOf('camila_ortega');
    expect(within(camila).getByText('Camila Ortega')).toBeInTheDocument();
    expect(within(camila).getByText('@camila_ortega')).toBeInTheDocument();
    expect(within(camila).getByRole('img', { name: 'Cuenta verificada' })).toBeInTheDocument();
    expect(within(camila).getByRole('button')).toHaveTextContent('Siguiendo');
    expect(within(rowOf('mateo_fit')).getByRole('button')).toHaveTextContent('Seguir');
    expect(within(rowOf('demo')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(camila).getByRole('link')).toHaveAttribute('href', '/camila_ortega');
  });

  it('filters loaded rows at once (trimmed, any case, name or username) and asks the server with q', async () => {
    const fetchMock = mockApi({
      'GET /api/users/valeria_rios/followers': (_init, url) =>
        jsonResponse(200, { users: url.includes('q=') ? [followers[0]] : followers, nextCursor: null }),
    });
    renderList('/valeria_rios/followers');
    await screen.findByTestId('follow-list');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar personas' }), '  ORTEGA ');
    expect(rowNames()).toEqual(['camila_ortega']);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/users/valeria_rios/followers?q=ORTEGA'));

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'mateo');
    expect(screen.getByTestId('follow-list-empty')).toHaveTextContent('No se encontraron seguidores.');
  });

  it('toggles follow per row: dimmed and disabled while pending, then flipped', async () => {
    signIn('demo');
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/users/valeria_rios/followers': { users: followers, nextCursor: null },
      'POST /api/follow/mateo_fit': () => answer.promise,
    });
    renderList('/valeria_rios/followers');
    await screen.findByTestId('follow-list');
    const button = within(rowOf('mateo_fit')).getByRole('button');
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-pending', 'true');
    expect(button).toHaveTextContent('Siguiendo');
    fireEvent.click(button);
    await act(async () => answer.resolve(jsonResponse(200, { success: true, isFollowing: true, followers: 5 })));
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).not.toHaveAttribute('data-pending');
    expect(button).toHaveTextContent('Siguiendo');
    expect(calls(fetchMock).filter((call) => call.includes('/follow/'))).toEqual(['POST /api/follow/mateo_fit']);
  });

  it('keeps the row as it was when the toggle fails', async () => {
    signIn('demo');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/users/valeria_rios/followers': { users: followers, nextCursor: null },
      'DELETE /api/follow/camila_ortega': () => jsonResponse(500, { success: false, message: 'Error interno.' }),
    });
    renderList('/valeria_rios/followers');
    await screen.findByTestId('follow-list');
    const button = within(rowOf('camila_ortega')).getByRole('button');
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Siguiendo');
    expect(logged).toHaveBeenCalled();
  });

  it('sends a guest who presses Seguir to /login', async () => {
    mockApi({ 'GET /api/users/valeria_rios/followers': { users: followers, nextCursor: null } });
    const { history } = renderList('/valeria_rios/followers');
    await screen.findByTestId('follow-list');
    await userEvent.click(within(rowOf('mateo_fit')).getByRole('button'));
    expect(history.location.pathname).toBe('/login');
  });

  it('loads the next page with the cursor', async () => {
    const fetchMock = mockApi({
      'GET /api/users/valeria_rios/following': { users: [followers[0]], nextCursor: 'k1' },
      'GET /api/users/valeria_rios/following?cursor=k1': { users: [followers[1]], nextCursor: null },
    });
    renderList('/valeria_rios/following');
    await screen.findByTestId('follow-list');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(rowNames()).toEqual(['camila_ortega', 'mateo_fit']));
    expect(calls(fetchMock)).toContain('GET /api/users/valeria_rios/following?cursor=k1');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it.each([
    ['/valeria_rios/followers', 'valeria_rios', 'No se encontraron seguidores.'],
    ['/demo/following', 'demo', 'No sigues a nadie aún.'],
    ['/valeria_rios/following', 'valeria_rios', '@valeria_rios aún no sigue a nadie.'],
  ])('shows the empty text of %s', async (path, username, text) => {
    signIn('demo');
    const kind = path.endsWith('followers') ? 'followers' : 'following';
    mockApi({ [`GET /api/users/${username}/${kind}`]: { users: [], nextCursor: null } });
    renderList(path);
    expect(await screen.findByTestId('follow-list-empty')).toHaveTextContent(text);
  });

  it.each([
    ['/valeria_rios/followers', 'No se pudo cargar la lista de seguidores.'],
    ['/valeria_rios/following', 'No se pudo cargar la lista de seguidos.'],
  ])('shows the error text of %s', async (path, text) => {
    mockApi({});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(500, { success: false, message: 'Error interno.' }));
    renderList(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
