import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, renderRoutes } from '../../test/render-routes';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', 'ana');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/me'
      ? jsonResponse(200, { success: true, user: { id: '1', username: 'ana', fullName: 'Ana', email: 'ana@example.com', profilePictureUrl: null, isVerified: false } })
      : jsonResponse(404, { success: false, message: 'Recurso no encontrado.' }),
  );
}

describe('the create button', () => {
  it('opens the chooser with its three ways, each to its form', async () => {
    signIn();
    renderRoutes(routes, ['/quickys']);
    await userEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: 'Crear' }));
    const chooser = await screen.findByRole('dialog', { name: '¿Qué quieres crear?' });
    expect(within(chooser).getByRole('link', { name: /Quicky/ })).toHaveAttribute('href', '/upload?type=quicky');
    expect(within(chooser).getByRole('link', { name: /Publicación/ })).toHaveAttribute('href', '/upload?type=post');
    expect(within(chooser).getByRole('link', { name: /Historia/ })).toHaveAttribute('href', '/stories/create');
  });

  it('sends a guest to sign in, to come back to this page with the chooser open', async () => {
    const { router } = renderRoutes(routes, ['/quickys']);
    await userEvent.click(within(await screen.findByTestId('top-bar')).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/quickys?create=1');
  });

  it('opens on arrival with ?create=1 for a signed-in person, and takes the parameter away', async () => {
    signIn();
    const { router } = renderRoutes(routes, ['/quickys?create=1']);
    expect(await screen.findByRole('dialog', { name: '¿Qué quieres crear?' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/quickys');
  });
});
