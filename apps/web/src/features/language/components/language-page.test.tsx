import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../../lib/i18n';
import { LANGUAGE_KEY } from '../../../lib/language';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { LanguagePage } from './language-page';

const renderPage = () => renderRoutes([{ path: '/settings/language', Component: LanguagePage }], ['/settings/language']);

afterEach(async () => {
  await loadLanguage('es');
});

describe('the language page', () => {
  it('lists the four languages by their own names, the current one marked', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    const rows = screen.getAllByRole('button');
    expect(rows.map((row) => row.querySelector('.language__name')?.textContent)).toEqual(['Español', 'English', 'Français', 'Deutsch']);
    expect(screen.getByTestId('language-es')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('language-de')).toHaveAttribute('aria-pressed', 'false');
  });

  it("switches a guest at once and keeps the choice on this browser, asking the server nothing", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderPage();
    await userEvent.setup().click(screen.getByTestId('language-de'));
    expect(await screen.findByRole('heading', { name: 'Sprache' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de');
    expect(screen.getByTestId('language-de')).toHaveAttribute('aria-pressed', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a signed-in person’s choice in their preferences', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse(200, { language: 'fr' })));
    renderPage();
    await userEvent.setup().click(screen.getByTestId('language-fr'));
    expect(await screen.findByRole('heading', { name: 'Langue' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/account/preferences');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'fr' });
  });

  it('goes back to the previous language when the server refuses', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'ana');
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse(500, { success: false, message: 'Fallo' })));
    renderPage();
    await userEvent.setup().click(screen.getByTestId('language-en'));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    expect(await screen.findByText('Fallo')).toBeInTheDocument();
  });
});
