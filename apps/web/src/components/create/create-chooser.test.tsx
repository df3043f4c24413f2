import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render-routes';

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
    renderApp(['/quickys']);
    await userEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: 'Crear' }));
    const chooser = await screen.findByRole('dialog', { name: '¿Qué quieres crear?' });
    expect(within(chooser).getByRole('link', { name: /Quicky/ })).toHaveAttribute('href', '/upload?type=quicky');
    expect(within(chooser).getByRole('link', { name: /Publicación/ })).toHaveAttribute('href', '/upload?type=post');
    expect(within(chooser).getByRole('link', { name: /Historia/ })).toHaveAttribute('href', '/stories/create');
  });

  it('sends a guest to sign in, to come back to this page with the chooser open', async () => {
    const { history } = renderApp(['/quickys']);
    await userEvent.click(within(await screen.findByTestId('top-bar')).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(new URLSearchParams(history.location.search).get('next')).toBe('/quickys?create=1');
  });

  it('opens on arrival with ?create=1 for a signed-in person, and takes the parameter away', async () => {
    signIn();
    const { history } = renderApp(['/quickys?create=1']);
    expect(await screen.findByRole('dialog', { name: '¿Qué quieres crear?' })).toBeInTheDocument();
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(history.location.pathname).toBe('/quickys');
  });
});
