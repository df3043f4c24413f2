import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { makeStar, mockApi, signIn } from '../../../test/social-fixtures';
import { WagStarsPage } from './wag-stars-page';

function renderStars() {
  return renderRoutes(
    [
      { path: '/wag-stars', Component: WagStarsPage },
      { path: '/login', element: <p>Pantalla de login</p> },
    ],
    ['/wag-stars'],
  );
}

const stars = [
  makeStar({ username: 'lucia_moda', fullName: 'Lucía Moda', followers: 1200, bio: 'Moda y estilo.' }),
  makeStar({ username: 'mateo_fit', fullName: 'Mateo Fit', followers: 1, isVerified: false, isFollowedByMe: true, bio: null }),
  makeStar({ username: 'demo', fullName: 'Demo', followers: 3 }),
];

const card = (username: string) =>
  screen.getAllByTestId('wag-star').find((node) => node.getAttribute('data-username') === username)!;

describe('WAG Stars', () => {
  it('shows each featured creator with avatar link, name, badge, bio and followers, in server order', async () => {
    signIn('demo');
    mockApi({ 'GET /api/wag-stars': { users: stars } });
    renderStars();
    expect(screen.getByText('Cargando WAG Stars…')).toBeInTheDocument();
    await screen.findByTestId('wag-stars');
    expect(screen.getAllByTestId('wag-star').map((node) => node.getAttribute('data-username'))).toEqual(['lucia_moda', 'mateo_fit', 'demo']);
    const lucia = card('lucia_moda');
    expect(within(lucia).getByRole('link', { name: 'Ver perfil de @lucia_moda' })).toHaveAttribute('href', '/lucia_moda');
    expect(within(lucia).getByRole('img', { name: 'Cuenta verificada' })).toBeInTheDocument();
    expect(within(lucia).getByText('Moda y estilo.')).toBeInTheDocument();
    expect(within(lucia).getByTestId('wag-star-followers')).toHaveTextContent('1,2 mil seguidores');
    expect(within(card('mateo_fit')).getByTestId('wag-star-followers')).toHaveTextContent('1 seguidor');
    expect(within(card('mateo_fit')).getByRole('button')).toHaveTextContent('Siguiendo');
    expect(within(card('demo')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('follows from a card with the count moving at once', async () => {
    signIn('demo');
    mockApi({
      'GET /api/wag-stars': { users: stars },
      'POST /api/follow/lucia_moda': { success: true, isFollowing: true, followers: 1201 },
    });
    renderStars();
    await screen.findByTestId('wag-stars');
    const button = within(card('lucia_moda')).getByRole('button', { name: 'Seguir' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('Siguiendo');
    await waitFor(() => expect(button).toBeEnabled());
    expect(within(card('lucia_moda')).getByTestId('wag-star-followers')).toHaveTextContent('1,2 mil seguidores');
  });

  it('sends a guest to /login from Seguir', async () => {
    mockApi({ 'GET /api/wag-stars': { users: stars } });
    const { history } = renderStars();
    await screen.findByTestId('wag-stars');
    await userEvent.click(within(card('lucia_moda')).getByRole('button', { name: 'Seguir' }));
    expect(history.location.pathname).toBe('/login');
  });

  it('says when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/wag-stars': () => jsonResponse(500, { success: false, message: 'Error interno.' }) });
    renderStars();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las WAG Stars.');
  });
});
