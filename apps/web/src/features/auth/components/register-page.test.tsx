import { latestAdultBirthDate } from '@wag/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

function renderRegister(entry = '/register') {
  return renderRoutes(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/login', Component: LoginPage },
      { path: '/post/:slug', element: <p>La publicación</p> },
    ],
    [entry],
  );
}

async function fill(values: Partial<Record<'username' | 'birthDate' | 'email' | 'password' | 'confirm', string>>) {
  const user = userEvent.setup();
  if (values.username) await user.type(screen.getByLabelText('Nombre de usuario'), values.username);
  // Date inputs take their value as typed text in YYYY-MM-DD form.
  if (values.birthDate) await user.type(screen.getByLabelText('Fecha de nacimiento'), values.birthDate);
  if (values.email) await user.type(screen.getByLabelText('Correo electrónico'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Contraseña'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirmar contraseña'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

function alertTexts(): string[] {
  return screen.queryAllByRole('alert').map((element) => element.textContent ?? '');
}

describe('RegisterPage validation', () => {
  it('shows a message for every missing field and sends nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderRegister();
    await fill({});
    expect(alertTexts()).toEqual([
      'El nombre de usuario es obligatorio.',
      'Debes ingresar tu fecha de nacimiento.',
      'El correo electrónico es obligatorio.',
      'La contraseña es obligatoria.',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['abc', 'La contraseña debe tener al menos 6 caracteres.'],
    ['abc defg', 'La contraseña no debe contener espacios.'],
    ['contraseña1', 'La contraseña contiene caracteres no permitidos.'],
  ])('rejects the password %j with its message', async (password, message) => {
    renderRegister();
    await fill({ username: 'luna_22', birthDate: '1995-04-12', email: 'luna@example.com', password, confirm: password });
    expect(alertTexts()).toEqual([message]);
  });

  it('tells the visitor when the passwords do not match', async () => {
    renderRegister();
    await fill({ username: 'luna_22', birthDate: '1995-04-12', email: 'luna@example.com', password: 'secreto1', confirm: 'secreto2' });
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas no coinciden. ¡Qué despistado!');
  });

  it('limits the birth date to adults, with the native and the visible message', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderRegister();
    const date = screen.getByLabelText<HTMLInputElement>('Fecha de nacimiento');
    expect(date.max).toBe(latestAdultBirthDate());
    expect(date.validationMessage).toBe('Debes ingresar tu fecha de nacimiento.');

    const thisYear = new Date().getFullYear();
    await fill({ username: 'luna_22', birthDate: `${thisYear - 10}-01-01`, email: 'luna@example.com', password: 'secreto1', confirm: 'secreto1' });
    expect(date.validationMessage).toBe('Debe ser mayor de +18 para registrarte');
    expect(alertTexts()).toEqual(['Este sitio es para mayores de 18 años.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the server refuses", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { success: false, message: 'Este nombre de usuario ya está en uso.' }),
    );
    renderRegister();
    await fill({ username: 'luna_22', birthDate: '1995-04-12', email: 'luna@example.com', password: 'secreto1', confirm: 'secreto1' });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Este nombre de usuario ya está en uso.');
    expect(logged).toHaveBeenCalled();
  });

  it('registers, says so, and opens the login with the email filled in', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(201, { success: true, message: 'Registro exitoso', username: 'luna_22' }));
    const { history } = renderRegister();
    await fill({ username: 'luna_22', birthDate: '1995-04-12', email: 'luna@example.com', password: 'secreto1', confirm: 'secreto1' });

    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(screen.getByText('Registro exitoso')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('luna@example.com');

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'luna_22',
      email: 'luna@example.com',
      password: 'secreto1',
      birth_date: '1995-04-12',
    });
  });

  it('after registering from a guarded page, the sign-in that follows lands back on it', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse(201, { success: true, message: 'Registro exitoso', username: 'luna_22' }))
      .mockResolvedValueOnce(jsonResponse(200, { success: true, token: 'tok-1', username: 'luna_22', message: 'ok' }));
    const { history } = renderRegister('/register?next=%2Fpost%2Fabc');
    await fill({ username: 'luna_22', birthDate: '1995-04-12', email: 'luna@example.com', password: 'secreto1', confirm: 'secreto1' });
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.location.search).toBe('?next=%2Fpost%2Fabc');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(history.location.pathname).toBe('/post/abc'));
  });
});
