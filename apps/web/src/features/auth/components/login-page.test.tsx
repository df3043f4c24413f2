import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { LoginPage } from './login-page';

function renderLogin(entry = '/login') {
  return renderRoutes(
    [
      { path: '/', element: <p>Inicio</p> },
      { path: '/post/:slug', element: <p>La publicación</p> },
      { path: '/login', Component: LoginPage },
    ],
    [entry],
  );
}

describe('LoginPage', () => {
  it('prefills the email from ?email=', () => {
    renderLogin('/login?email=ana%40example.com');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
  });

  it('requires both fields before calling the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Ingresa tu correo electrónico.',
      'Ingresa tu contraseña.',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the session, announces success and goes home', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, { success: true, token: 'tok-1', username: 'ana', message: '¡Inicio de sesión exitoso!' }),
    );
    const { history } = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('username')).toBe('ana');
    expect(screen.getByText('¡Inicio de sesión exitoso!')).toBeInTheDocument();
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'Correo electrónico o contraseña incorrectos.' }))
      .mockResolvedValueOnce(new Response('', { status: 500 }));
    renderLogin('/login?email=ana%40example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Contraseña'), 'mala');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Correo electrónico o contraseña incorrectos.');

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() =>
      expect(screen.getByTestId('form-error')).toHaveTextContent('No se pudo iniciar sesión. Inténtalo de nuevo.'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['/login?next=%2Fpost%2Fabc', '/post/abc'],
    ['/login?next=%2F%2Fevil.example', '/'],
    ['/login?next=https%3A%2F%2Fevil.example%2Fpost', '/'],
    ['/login?next=%2F%5Cevil.example', '/'],
  ])('from %s, lands on %s once signed in', async (entry, landing) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { success: true, token: 'tok-1', username: 'ana', message: 'ok' }));
    const { history } = renderLogin(entry);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(history.location.pathname).toBe(landing));
  });

  it('keeps the page to come back to on the link to register', () => {
    renderLogin('/login?next=%2Fpost%2Fabc');
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register?next=%2Fpost%2Fabc');
  });
});
