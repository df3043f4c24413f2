import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResponse, SearchUser } from '@wag/contract/search';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { calls, makePost, makeStar, mockApi, signIn } from '../../../test/social-fixtures';
import { SearchResultsPage } from './search-results-page';

function renderSearch(path: string) {
  return renderRoutes(
    [
      { path: '/search-results', Component: SearchResultsPage },
      { path: '/login', element: <p>Pantalla de login</p> },
      { path: '/quicky/:slug', element: <p>Pantalla de quicky</p> },
      { path: '/post/:slug', element: <p>Pantalla de post</p> },
    ],
    [path],
  );
}

const person = (overrides: Partial<SearchUser> = {}): SearchUser => ({
  id: 'u-camila',
  username: 'camila_ortega',
  full_name: 'Camila Ortega',
  avatar: null,
  verified: true,
  followers: 1,
  isFollowedByMe: false,
  ...overrides,
});

const page = (overrides: Partial<SearchResponse> = {}): SearchResponse => ({ users: [], posts: [], nextCursor: null, ...overrides });

describe('Resultados de Búsqueda', () => {
  it('shows the people and posts the server found, with links to profiles, quickys and posts, and a locked VIP tile', async () => {
    const quicky = makePost({ slug: 'ola-del-dia', post_type: 'quicky', title: 'Modo playa activado', likes: 1200 });
    const photo = makePost({ slug: 'tarde-de-playa', title: 'Tarde de playa' });
    const vip = makePost({ slug: 'sesion-vip', post_type: 'vip', locked: true, thumbnail_url: null, image_url: null, media_url: null });
    const fetchMock = mockApi({
      'GET /api/search?query=playa': page({ users: [person()], posts: [quicky, photo, vip] }),
      'GET /api/wag-stars': { users: [] },
    });
    renderSearch('/search-results?query=playa');
    expect(screen.getByRole('heading', { level: 1, name: 'Resultados de Búsqueda' })).toBeInTheDocument();
    expect(screen.getByText('Buscando…')).toHaveAttribute('role', 'status');
    const results = await screen.findAllByTestId('search-result');
    expect(results).toHaveLength(3);
    expect(screen.getByTestId('search-lead')).toHaveTextContent('Resultados para «playa»');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('playa');
    expect(screen.getByRole('link', { name: 'Ver perfil de @camila_ortega' })).toHaveAttribute('href', '/camila_ortega');
    expect(within(screen.getByTestId('search-people')).getByText(/1 seguidor/)).toBeInTheDocument();
    expect(within(results[0]!).getByRole('link')).toHaveAttribute('href', '/quicky/ola-del-dia');
    // The quicky's tile rendition, or its poster where the tile is drawn larger (post-tile.tsx).
    expect(results[0]!.querySelector('img')).toHaveAttribute('src', quicky.thumbnail_url);
    expect(results[0]!.querySelector('img')!.getAttribute('srcset')).toContain(`${quicky.video_thumbnail_url} `);
    expect(within(results[1]!).getByRole('link')).toHaveAttribute('href', '/post/tarde-de-playa');
    expect(within(results[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(results[2]!).getByRole('img', { name: /Contenido VIP de @valeria_rios/ })).toBeInTheDocument();
    expect(screen.queryByTestId('search-load-more')).not.toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/search?query=playa');
  });

  it('loads the next page with Cargar más', async () => {
    const first = Array.from({ length: 12 }, (_, i) => makePost({ id: `a${i}` }));
    const second = [makePost({ id: 'b1' }), makePost({ id: 'b2' })];
    mockApi({
      'GET /api/search?query=playa': page({ posts: first, nextCursor: 'c2' }),
      'GET /api/search?query=playa&cursor=c2': page({ posts: second }),
      'GET /api/wag-stars': { users: [] },
    });
    renderSearch('/search-results?query=playa');
    expect(await screen.findAllByTestId('search-result')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('applies the Filtros dialog to the address, shows the filters as chips and removes one with its chip', async () => {
    const fetchMock = mockApi({
      'GET /api/search': page({ posts: [makePost()] }),
      'GET /api/wag-stars': { users: [] },
    });
    const { history } = renderSearch('/search-results?query=playa&category=quickys');
    await screen.findAllByTestId('search-result');
    expect(within(screen.getByTestId('search-chips')).getByRole('button', { name: 'Quitar el filtro Quickys' })).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('search-filter-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(dialog).getByRole('radio', { name: 'Quickys' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Popular' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Vertical' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'HD' }));
    const slider = within(dialog).getByRole('slider', { name: 'Duración del vídeo' });
    fireEvent.change(slider, { target: { value: '5' } });
    expect(within(dialog).getByTestId('search-duration-value')).toHaveTextContent('Hasta 5 min');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));

    await waitFor(() => expect(history.location.search).toBe('?query=playa&category=quickys&sort=popular&orientation=vertical&quality=hd&duration=5'));
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/search?query=playa&category=quickys&sort=popular&orientation=vertical&quality=hd&duration=5'));
    const chips = within(screen.getByTestId('search-chips')).getAllByRole('button').map((chip) => chip.textContent);
    expect(chips).toEqual(['Quickys', 'Popular', 'Vertical', 'HD', 'Hasta 5 min']);
    expect(screen.getByTestId('search-filter-button')).toHaveAccessibleName('Filtros (5 activos)');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar el filtro Popular' }));
    await waitFor(() => expect(history.location.search).toBe('?query=playa&category=quickys&orientation=vertical&quality=hd&duration=5'));

    // Modelos replaces the content type; Limpiar drops every filter and keeps the text.
    await userEvent.click(screen.getByTestId('search-filter-button'));
    const again = await screen.findByRole('dialog', { name: 'Filtros' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Modelos' }));
    expect(within(again).getByRole('radio', { name: 'Todo', checked: true })).toBeInTheDocument();
    await userEvent.click(within(again).getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(history.location.search).toBe('?query=playa'));
    expect(screen.queryByTestId('search-chips')).not.toBeInTheDocument();
  });

  it('searches again from its own box, keeping the filters', async () => {
    mockApi({ 'GET /api/search': page(), 'GET /api/wag-stars': { users: [] } });
    const { history } = renderSearch('/search-results?query=playa&sort=recent');
    const box = await screen.findByRole('searchbox', { name: 'Buscar' });
    // Newest first is the default order: no filter chip, no count.
    expect(screen.queryByTestId('search-chips')).not.toBeInTheDocument();
    expect(screen.getByTestId('search-filter-button')).toHaveAccessibleName('Filtros');
    await userEvent.clear(box);
    await userEvent.type(box, '  atardecer en Tulum {Enter}');
    await waitFor(() => expect(history.location.search).toBe('?query=atardecer%20en%20Tulum&sort=recent'));
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('atardecer en Tulum');
  });

  it('says Sin resultados when nothing matches, and when the search fails offers to retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/search?query=zzz': page(),
      'GET /api/search?query=boom': () => (fail ? jsonResponse(500, { success: false, message: 'Error.' }) : jsonResponse(200, page({ posts: [makePost()] }))),
      'GET /api/wag-stars': { users: [] },
    });
    renderSearch('/search-results?query=zzz');
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('Sin resultados');

    renderSearch('/search-results?query=boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo completar la búsqueda.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('search-result')).toHaveLength(1);
  });

  it('shows the featured WAG Stars with follow buttons; a guest goes to /login', async () => {
    mockApi({
      'GET /api/search': page(),
      'GET /api/wag-stars': { users: [makeStar({ username: 'lucia_moda' }), makeStar({ username: 'demo', fullName: 'Demo' })] },
    });
    const { history } = renderSearch('/search-results?query=moda');
    const stars = await screen.findAllByTestId('search-star');
    expect(stars.map((star) => star.getAttribute('data-username'))).toEqual(['lucia_moda', 'demo']);
    await userEvent.click(within(stars[0]!).getByRole('button', { name: 'Seguir' }));
    expect(history.location.pathname).toBe('/login');
  });

  it('follows a WAG Star at once when signed in, and leaves yourself out', async () => {
    signIn('demo');
    mockApi({
      'GET /api/search': page(),
      'GET /api/wag-stars': { users: [makeStar({ username: 'lucia_moda' }), makeStar({ username: 'demo', fullName: 'Demo' })] },
      'POST /api/follow/lucia_moda': { success: true, isFollowing: true, followers: 1201 },
    });
    renderSearch('/search-results?query=moda');
    const stars = await screen.findAllByTestId('search-star');
    expect(stars).toHaveLength(1);
    const button = within(stars[0]!).getByRole('button', { name: 'Seguir' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('Siguiendo');
  });

  it('follows a person from the results at once, with the count, and gives no button on your own row', async () => {
    signIn('demo');
    mockApi({
      'GET /api/search?query=ca': page({ users: [person({ followers: 1 }), person({ id: 'u-demo', username: 'demo', full_name: 'Demo' })] }),
      'GET /api/wag-stars': { users: [] },
      'POST /api/follow/camila_ortega': { success: true, isFollowing: true, followers: 2 },
    });
    renderSearch('/search-results?query=ca');
    const people = await screen.findAllByTestId('search-person');
    expect(people).toHaveLength(2);
    expect(within(people[1]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(people[0]!).getByRole('button', { name: 'Seguir' }));
    await waitFor(() => expect(within(people[0]!).getByRole('button', { name: 'Siguiendo' })).toBeEnabled());
    expect(people[0]).toHaveTextContent('2 seguidores');
  });

  it('ignores address values the server would refuse', async () => {
    const fetchMock = mockApi({ 'GET /api/search': page(), 'GET /api/wag-stars': { users: [] } });
    renderSearch('/search-results?query=playa&category=videos&sort=oldest&duration=99&quality=hd');
    await screen.findByTestId('search-empty');
    expect(calls(fetchMock)).toContain('GET /api/search?query=playa&quality=hd');
  });
});
