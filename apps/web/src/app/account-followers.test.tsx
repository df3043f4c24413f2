import { act, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PREFERENCES } from '@wag/contract/preferences';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFirstScreen } from '../lib/idle';
import { jsonResponse, renderRoutes } from '../test/render-routes';
import { LanguageFollower } from './language-follower';
import { ThemeSync } from './theme-sync';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetFirstScreen();
  localStorage.clear();
});

describe("the account's theme and language", () => {
  it('are read from the server only once the first screen is drawn, then followed', async () => {
    resetFirstScreen();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) === '/api/account/preferences') {
        return jsonResponse(200, { ...DEFAULT_PREFERENCES, theme: 'light', language: 'es' });
      }
      return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
    });
    const asked = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/account/preferences').length;
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <ThemeSync />
            <LanguageFollower />
            <p>Inicio</p>
          </>
        ),
      },
    ]);
    await screen.findByText('Inicio');
    await act(async () => undefined);
    expect(asked()).toBe(0);
    window.dispatchEvent(new Event('load'));
    act(() => idle.forEach((run) => run()));
    await waitFor(() => expect(asked()).toBe(1));
    // The account's theme is taken and kept for the next first paint.
    await waitFor(() => expect(localStorage.getItem('wag.theme')).toBe('light'));
  });
});
