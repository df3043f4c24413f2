import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi } from '../../test/social-fixtures';
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
    const { history, onClose } = renderOverlay();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: '¿Qué quieres ver?' }), '  hola mundo/#1  ');
    await user.click(screen.getByRole('button', { name: 'Quickys' }));
    await user.click(screen.getByRole('button', { name: 'Popular' }));
    await user.click(screen.getByRole('button', { name: 'Vertical' }));
    // One choice per group: Horizontal replaces Vertical.
    await user.click(screen.getByRole('button', { name: 'Horizontal' }));
    await user.click(screen.getByRole('button', { name: 'HD' }));
    expect(screen.getByRole('button', { name: 'Vertical' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Horizontal' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(history.location.pathname).toBe('/search-results');
    expect(history.location.search).toBe(
      '?query=hola%20mundo%2F%231&category=quickys&sort=popular&orientation=horizontal&quality=hd',
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('clears a chip when it is pressed again and offers all eight chips', async () => {
    const { history } = renderOverlay();
    const user = userEvent.setup();
    for (const name of ['Quickys', 'Fotos', 'Modelos', 'Reciente', 'Popular', 'Horizontal', 'Vertical', 'HD']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.type(screen.getByRole('combobox'), 'playa{Enter}');
    expect(`${history.location.pathname}${history.location.search}`).toBe('/search-results?query=playa');
  });

  it('does nothing when the text is blank', async () => {
    const { history, onClose } = renderOverlay();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modelos' }));
    await user.type(screen.getByRole('combobox'), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(history.location.pathname).toBe('/');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts from the current search when opened on the results page', () => {
    renderOverlay(vi.fn(), '/search-results?query=luna&sort=recent');
    expect(screen.getByRole('combobox')).toHaveValue('luna');
    expect(screen.getByRole('button', { name: 'Reciente' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the Filtros dialog duration when searching again from the results page', async () => {
    const { history } = renderOverlay(vi.fn(), '/search-results?query=luna&category=quickys&duration=5');
    const user = userEvent.setup();
    await user.clear(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox'), 'sol{Enter}');
    expect(history.location.search).toBe('?query=sol&category=quickys&duration=5');
  });

  it('drops that video length when Fotos or Modelos is chosen, which it would leave empty', async () => {
    const { history } = renderOverlay(vi.fn(), '/search-results?query=luna&duration=5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fotos' }));
    await user.type(screen.getByRole('combobox'), '{Enter}');
    expect(history.location.search).toBe('?query=luna&category=photos');
  });

  it('closes with Escape', async () => {
    const { onClose } = renderOverlay();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('SearchOverlay suggestions and recent searches', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  function mockSuggestions() {
    return mockApi({
      'GET /api/users/search': { users: [{ id: 'u1', username: 'valeria_rios', full_name: 'Valeria Ríos', avatar: null, verified: true }] },
      'GET /api/tags': { tags: [{ tag: 'valencia', count: 12 }] },
    });
  }

  function renderWithPages(onClose = vi.fn()) {
    return renderRoutes([
      { path: '/', element: <SearchOverlay onClose={onClose} /> },
      { path: '/:username', element: <p>perfil</p> },
      { path: '/tags/:tag', element: <p>etiqueta</p> },
      { path: '/search-results', element: <p>resultados</p> },
    ]);
  }

  it('suggests people and tags as one types, moves with the arrow keys and opens the one picked with Enter', async () => {
    const fetchMock = mockSuggestions();
    const { history } = renderWithPages();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: '¿Qué quieres ver?' });
    await user.type(box, 'val');
    const person = await screen.findByRole('option', { name: /Valeria Ríos/ });
    expect(screen.getByRole('option', { name: /#valencia/ })).toBeInTheDocument();
    expect(screen.getByText('12 publicaciones')).toBeInTheDocument();
    // One request for each list after the pause, not one per letter.
    expect(calls(fetchMock).filter((call) => call.startsWith('GET /api/tags'))).toEqual(['GET /api/tags?q=val']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /#valencia/ }).id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', person.id);
    expect(person).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(history.location.pathname).toBe('/valeria_rios');
  });

  it('asks only for tags after a #, and a tag picked opens its page', async () => {
    const fetchMock = mockSuggestions();
    const { history } = renderWithPages();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), '#val');
    await user.click(await screen.findByRole('option', { name: /#valencia/ }));
    expect(history.location.pathname).toBe('/tags/valencia');
    expect(calls(fetchMock).some((call) => call.startsWith('GET /api/users/search'))).toBe(false);
  });

  it('remembers searches, people and tags on this device, the newest first, and forgets one or all', async () => {
    mockSuggestions();
    const user = userEvent.setup();
    const first = renderWithPages();
    await user.type(screen.getByRole('combobox'), 'atardecer{Enter}');
    first.unmount();
    const second = renderWithPages();
    await user.type(screen.getByRole('combobox'), '#val');
    await user.click(await screen.findByRole('option', { name: /#valencia/ }));
    second.unmount();

    renderWithPages();
    const recent = await screen.findByTestId('recent-searches');
    const [tag, query, ...rest] = within(recent).getAllByRole('option');
    expect(tag).toHaveAccessibleName('#valencia 12 publicaciones');
    expect(query).toHaveAccessibleName('atardecer');
    expect(rest).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Quitar «#valencia» de las recientes' }));
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual(['atardecer']);
    await user.click(screen.getByRole('button', { name: 'Borrar todo' }));
    expect(screen.queryByTestId('recent-searches')).toBeNull();
  });
});
