import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { SearchOverlay } from './search-overlay';

function renderOverlay(onClose = vi.fn(), entry = '/') {
  const view = renderRoutes(
    [
      { path: '/', element: <SearchOverlay onClose={onClose} /> },
      { path: '/search-results', element: <SearchOverlay onClose={onClose} /> },
    ],
    [entry],
  );
  return { ...view, onClose };
}

describe('SearchOverlay', () => {
  it('navigates to the results with the trimmed, encoded query and the chosen chips', async () => {
    const { router, onClose } = renderOverlay();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: '¿Qué quieres ver?' }), '  hola mundo/#1  ');
    await user.click(screen.getByRole('button', { name: 'Quickys' }));
    await user.click(screen.getByRole('button', { name: 'Popular' }));
    await user.click(screen.getByRole('button', { name: 'Vertical' }));
    // One choice per group: Horizontal replaces Vertical.
    await user.click(screen.getByRole('button', { name: 'Horizontal' }));
    await user.click(screen.getByRole('button', { name: 'HD' }));
    expect(screen.getByRole('button', { name: 'Vertical' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Horizontal' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(router.state.location.pathname).toBe('/search-results');
    expect(router.state.location.search).toBe(
      '?query=hola%20mundo%2F%231&category=quickys&sort=popular&orientation=horizontal&quality=hd',
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('clears a chip when it is pressed again and offers all eight chips', async () => {
    const { router } = renderOverlay();
    const user = userEvent.setup();
    for (const name of ['Quickys', 'Fotos', 'Modelos', 'Reciente', 'Popular', 'Horizontal', 'Vertical', 'HD']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.type(screen.getByRole('searchbox'), 'playa{Enter}');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search-results?query=playa');
  });

  it('does nothing when the text is blank', async () => {
    const { router, onClose } = renderOverlay();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modelos' }));
    await user.type(screen.getByRole('searchbox'), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(router.state.location.pathname).toBe('/');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts from the current search when opened on the results page', () => {
    renderOverlay(vi.fn(), '/search-results?query=luna&sort=recent');
    expect(screen.getByRole('searchbox')).toHaveValue('luna');
    expect(screen.getByRole('button', { name: 'Reciente' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the Filtros dialog duration when searching again from the results page', async () => {
    const { router } = renderOverlay(vi.fn(), '/search-results?query=luna&category=quickys&duration=5');
    const user = userEvent.setup();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'sol{Enter}');
    expect(router.state.location.search).toBe('?query=sol&category=quickys&duration=5');
  });

  it('drops that video length when Fotos or Modelos is chosen, which it would leave empty', async () => {
    const { router } = renderOverlay(vi.fn(), '/search-results?query=luna&duration=5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.type(screen.getByRole('searchbox'), '{Enter}');
    expect(router.state.location.search).toBe('?query=luna&category=photos');
  });

  it('closes with Escape', async () => {
    const { onClose } = renderOverlay();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
