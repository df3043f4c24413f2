import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { deferred, makeProfile, mockApi, signIn } from '../../../test/social-fixtures';
import { EDIT_PROFILE_CLOSE_DELAY_MS } from './edit-profile-modal';
import { ProfileRoute } from '../../../app/routes/profile-route';

function renderOwnProfile() {
  signIn('valeria_rios');
  return renderRoutes([{ path: '/:username', Component: ProfileRoute }], ['/valeria_rios']);
}

const ownProfile = makeProfile({ isOwner: true, user: { fullName: 'Valeria Ríos', bio: 'Hola' } });

describe('Edit profile modal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('starts from the current name and bio, with counters and the 80 / 300 limits', async () => {
    mockApi({ 'GET /api/profile/valeria_rios': ownProfile });
    renderOwnProfile();
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar perfil' });
    const name = within(dialog).getByLabelText('Nombre');
    const bio = within(dialog).getByLabelText('Biografía');
    expect(name).toHaveValue('Valeria Ríos');
    expect(name).toHaveAttribute('maxLength', '80');
    expect(bio).toHaveValue('Hola');
    expect(bio).toHaveAttribute('maxLength', '300');
    expect(within(dialog).getByTestId('name-counter')).toHaveTextContent('12/80');
    expect(within(dialog).getByTestId('bio-counter')).toHaveTextContent('4/300');
    await user.type(bio, ' a todos');
    expect(within(dialog).getByTestId('bio-counter')).toHaveTextContent('12/300');
  });

  it("sends trimmed values, shows 'Guardando…', then 'Cambios guardados ✔', and closes 600 ms later with the profile updated", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/profile/valeria_rios': ownProfile,
      'PUT /api/user/profile-details': () => answer.promise,
    });
    renderOwnProfile();
    const timers = vi.spyOn(window, 'setTimeout');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Nombre'));
    await user.type(within(dialog).getByLabelText('Nombre'), '  Vale R.  ');
    await user.clear(within(dialog).getByLabelText('Biografía'));
    await user.type(within(dialog).getByLabelText('Biografía'), '  Nueva bio  ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(within(dialog).getByRole('button', { name: 'Guardando…' })).toBeDisabled();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ fullName: 'Vale R.', bio: 'Nueva bio' });

    await act(async () =>
      answer.resolve(
        jsonResponse(200, { success: true, message: 'Perfil actualizado.', user: { fullName: 'Vale R.', bio: 'Nueva bio' } }),
      ),
    );
    expect(await within(dialog).findByText('Cambios guardados ✔')).toBeInTheDocument();
    // The close timer starts when the success shows: still open a little before 600 ms, closed after.
    expect(timers).toHaveBeenCalledWith(expect.any(Function), EDIT_PROFILE_CLOSE_DELAY_MS);
    await act(() => vi.advanceTimersByTimeAsync(EDIT_PROFILE_CLOSE_DELAY_MS - 150));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Vale R.');
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('Nueva bio');
    expect(EDIT_PROFILE_CLOSE_DELAY_MS).toBe(600);
  });

  it("shows the server's message on failure, or 'No se pudo guardar. Intenta de nuevo.', and stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reply = jsonResponse(400, { success: false, message: 'El nombre puede tener como máximo 80 caracteres.' });
    mockApi({ 'GET /api/profile/valeria_rios': ownProfile, 'PUT /api/user/profile-details': () => reply });
    renderOwnProfile();
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El nombre puede tener como máximo 80 caracteres.');

    reply = new Response('', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('No se pudo guardar. Intenta de nuevo.'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes without saving on Cancelar', async () => {
    const fetchMock = mockApi({ 'GET /api/profile/valeria_rios': ownProfile });
    renderOwnProfile();
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
