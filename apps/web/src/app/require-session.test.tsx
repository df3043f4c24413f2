import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test/render-routes';

// The consent and age gates live outside the router, so these renders show screens directly.

const privatePaths = [
  '/quicky/abc',
  '/post/abc',
  '/edit-profile-picture',
  '/stories/create',
  '/upload',
  '/settings/account/personal-information',
  '/notifications',
  '/messages?to=luna',
  '/message-requests',
  '/settings/account',
  '/settings/privacy-security/blocked-users',
];

describe('protected routes', () => {
  it.each(privatePaths)('sends a visitor without a token from %s to /login, replacing the entry', async (path) => {
    const { history } = renderApp([path]);
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.action).toBe('REPLACE');
    // The sign-in comes back to the screen that asked for it.
    expect(new URLSearchParams(history.location.search).get('next')).toBe(path);
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('shows the screen when a token is stored', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, {
        success: true,
        user: { id: '1', username: 'ana', fullName: null, email: 'ana@example.com', profilePictureUrl: null, isVerified: false },
      }),
    );
    const { history } = renderApp(['/notifications']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificaciones' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/notifications');
  });

  it.each(['/quickys', '/wag-stars', '/search-results?query=x', '/settings', '/luna', '/profile/luna', '/luna/followers'])(
    'lets a visitor open the public route %s',
    async (path) => {
      const { history } = renderApp([path]);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(history.location.pathname).toBe(path.split('?')[0]);
    },
  );

  it('treats a first segment that cannot be a username as not found', async () => {
    renderApp(['/no.es-usuario']);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
