import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { AppearancePage } from './appearance-page';
import { ThemePage } from './theme-page';

const routes = [
  { path: '/settings/appearance', element: <AppearancePage /> },
  { path: '/settings/appearance/theme', element: <ThemePage /> },
];

beforeEach(() => {
  document.documentElement.dataset.theme = 'dark';
});

describe('theme page', () => {
  it("a guest's choice is applied at once and kept in this browser only", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderRoutes(routes, ['/settings/appearance/theme']);
    expect(screen.getByRole('radio', { name: /Oscuro/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Claro/ }));
    expect(screen.getByRole('radio', { name: /Claro/ })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('wag.theme')).toBe('light');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the theme in use on the appearance page', () => {
    localStorage.setItem('wag.theme', 'system');
    renderRoutes(routes, ['/settings/appearance']);
    expect(screen.getByTestId('appearance-theme-value')).toHaveTextContent('Sistema');
  });

  it("saves a signed-in person's choice on the account, and puts the old one back when refused", async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('username', 'ana');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(jsonResponse(200, { success: true }));
    renderRoutes(routes, ['/settings/appearance/theme']);
    await userEvent.click(screen.getByRole('radio', { name: /Claro/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/account/preferences');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ theme: 'light' });

    fetch.mockResolvedValueOnce(jsonResponse(500, { success: false, message: 'No disponible' }));
    await userEvent.click(screen.getByRole('radio', { name: /Sistema/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Claro/ })).toBeChecked());
    expect(localStorage.getItem('wag.theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
