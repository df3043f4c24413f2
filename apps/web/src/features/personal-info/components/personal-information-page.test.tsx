import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-routes';
import { calls, deferred, makeProfile, meResponse, mockApi, signIn } from '../../../test/social-fixtures';
import { USERNAME_CHECK_DEBOUNCE_MS } from '../hooks/use-username-availability';

const info = {
  success: true,
  full_name: 'Demo WAG',
  username: 'demo',
  email: 'demo@wag.test',
  phone: null,
  birth_date: '1995-04-12T00:00:00.000Z',
};

const PATH = '/settings/account/personal-information';

describe('Personal information', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('demo');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const checks = (fetchMock: Parameters<typeof calls>[0]) => calls(fetchMock).filter((call) => call.includes('/username/check/'));

  it('loads, then fills the form: name, username, email (email), phone (tel), birth date (date, YYYY-MM-DD)', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/me': meResponse('demo'), 'GET /api/user/personal-info': () => answer.promise });
    renderApp([PATH]);
    expect(await screen.findByText('Cargando tu información…')).toBeInTheDocument();
    answer.resolve(jsonResponse(200, info));
    expect(await screen.findByLabelText('Nombre completo')).toHaveValue('Demo WAG');
    expect(screen.getByLabelText('Nombre de usuario')).toHaveValue('demo');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('demo@wag.test');
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('1995-04-12');
    // Fixed after registration: shown, not editable.
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Cuenta' })).toHaveAttribute('href', '/settings/account');
  });

  it('checks a new username 500 ms after typing stops, never the original, and shows the inline message', async () => {
    const fetchMock = mockApi({
      'GET /api/me': meResponse('demo'),
      'GET /api/user/personal-info': info,
      'GET /api/username/check/camila_ortega': { available: false, message: null },
    });
    renderApp([PATH]);
    const user = setup();
    const field = await screen.findByLabelText('Nombre de usuario');

    await user.clear(field);
    await user.type(field, 'camila_ortega');
    // Fake time also follows the wall clock here, so the windows leave room for a slow machine.
    expect(USERNAME_CHECK_DEBOUNCE_MS).toBe(500);
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS - 250));
    expect(checks(fetchMock)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(checks(fetchMock)).toEqual(['GET /api/username/check/camila_ortega']);
    expect(await screen.findByText('Este nombre de usuario ya está en uso.')).toBeInTheDocument();

    // Back to the original: available again, without asking.
    await user.clear(field);
    await user.type(field, 'demo');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(checks(fetchMock)).toEqual(['GET /api/username/check/camila_ortega']);
    expect(screen.queryByText('Este nombre de usuario ya está en uso.')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it gives one", async () => {
    mockApi({
      'GET /api/me': meResponse('demo'),
      'GET /api/user/personal-info': info,
      'GET /api/username/check/admin': { available: false, message: 'Ese nombre de usuario no está disponible.' },
    });
    renderApp([PATH]);
    const user = setup();
    const field = await screen.findByLabelText('Nombre de usuario');
    await user.clear(field);
    await user.type(field, 'admin');
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS + 50));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese nombre de usuario no está disponible.');
  });

  it("blocks saving a name known to be taken with 'Ese nombre de usuario no está disponible.'", async () => {
    const fetchMock = mockApi({
      'GET /api/me': meResponse('demo'),
      'GET /api/user/personal-info': info,
      'GET /api/username/check/camila_ortega': { available: false, message: null },
    });
    renderApp([PATH]);
    const user = setup();
    const field = await screen.findByLabelText('Nombre de usuario');
    await user.clear(field);
    await user.type(field, 'camila_ortega');
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS + 50));
    await screen.findByText('Este nombre de usuario ya está en uso.');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(screen.getAllByTestId('toast')[0]!).getByText('Ese nombre de usuario no está disponible.')).toBeInTheDocument();
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
  });

  it("saves to PUT /user/personal-info and says 'Información actualizada con éxito.'", async () => {
    const fetchMock = mockApi({
      'GET /api/me': meResponse('demo'),
      'GET /api/user/personal-info': info,
      'PUT /user/personal-info': { success: true, message: 'Información actualizada con éxito.', username: 'demo' },
    });
    const { history } = renderApp([PATH]);
    const user = setup();
    await user.clear(await screen.findByLabelText('Nombre completo'));
    await user.type(screen.getByLabelText('Nombre completo'), '  Demo Nuevo ');
    await user.type(screen.getByLabelText('Teléfono'), '+34 600 000 000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Información actualizada con éxito.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/user/personal-info');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      fullName: 'Demo Nuevo',
      username: 'demo',
      email: 'demo@wag.test',
      phone: '+34 600 000 000',
      dob: '1995-04-12',
    });
    expect(history.location.pathname).toBe(PATH);
    expect(localStorage.getItem('username')).toBe('demo');
  });

  it('asks for the current password when the email changes, and sends it with the new email', async () => {
    const fetchMock = mockApi({
      'GET /api/me': meResponse('demo'),
      'GET /api/user/personal-info': info,
      'PUT /user/personal-info': { success: true, message: 'Información actualizada con éxito.', username: 'demo' },
    });
    renderApp([PATH]);
    const user = setup();
    const email = await screen.findByLabelText('Correo electrónico');
    await user.clear(email);
    await user.type(email, 'nuevo@wag.test');
    const password = screen.getByLabelText('Contraseña actual');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();
    await user.type(password, 'clave-actual-1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Información actualizada con éxito.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      fullName: 'Demo WAG',
      username: 'demo',
      email: 'nuevo@wag.test',
      phone: '',
      dob: '1995-04-12',
      currentPassword: 'clave-actual-1',
    });
    // Saved: the new email is the current one, and the password is not kept.
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails, else 'No se pudo actualizar la información.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reply = jsonResponse(409, { success: false, message: 'Ese correo electrónico ya está registrado.' });
    mockApi({ 'GET /api/me': meResponse('demo'), 'GET /api/user/personal-info': info, 'PUT /user/personal-info': () => reply });
    renderApp([PATH]);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ese correo electrónico ya está registrado.')).toBeInTheDocument();
    reply = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo actualizar la información.')).toBeInTheDocument();
  });

  it('after a rename, stores the new username, broadcasts usernameChanged, and the menus follow to the new profile', async () => {
    const heard: string[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent<{ username: string }>).detail.username);
    window.addEventListener('usernameChanged', listener);
    let renamed = false;
    mockApi({
      'GET /api/me': () => jsonResponse(200, meResponse(renamed ? 'demo_nuevo' : 'demo')),
      'GET /api/user/personal-info': info,
      'GET /api/username/check/demo_nuevo': { available: true, message: null },
      'PUT /user/personal-info': () => {
        renamed = true;
        return jsonResponse(200, { success: true, message: 'Información actualizada con éxito.', username: 'demo_nuevo' });
      },
      'GET /api/profile/demo_nuevo': makeProfile({ isOwner: true, user: { username: 'demo_nuevo', fullName: 'Demo WAG' } }),
    });
    const { history } = renderApp([PATH]);
    const user = setup();
    const field = await screen.findByLabelText('Nombre de usuario');
    await user.click(screen.getByTestId('menu-toggle'));
    expect(within(screen.getByTestId('side-menu')).getByTestId('side-menu-username')).toHaveTextContent('@demo');
    await user.click(screen.getByTestId('menu-toggle'));

    await user.clear(field);
    await user.type(field, 'demo_nuevo');
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS + 50));
    expect(await screen.findByText('Nombre de usuario disponible.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(history.location.pathname).toBe('/demo_nuevo'));
    window.removeEventListener('usernameChanged', listener);
    expect(heard).toEqual(['demo_nuevo']);
    expect(localStorage.getItem('username')).toBe('demo_nuevo');
    const menu = screen.getByTestId('side-menu');
    await waitFor(() => expect(within(menu).getByTestId('side-menu-username')).toHaveTextContent('@demo_nuevo'));
    expect(within(menu).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/demo_nuevo');
    expect(within(screen.getByTestId('bottom-bar')).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/demo_nuevo');
    expect(screen.getByTestId('top-bar-profile')).toHaveAttribute('href', '/demo_nuevo');
    expect(screen.getByText('Información actualizada con éxito.')).toBeInTheDocument();
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('@demo_nuevo');
  });
});
