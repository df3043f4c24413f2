import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { makePost } from '../../../test/social-fixtures';
import { HomeRoute } from '../../../app/routes/home-route';

afterEach(() => vi.restoreAllMocks());

function serve(routes: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(routes).find((path) => url.startsWith(path));
    return key ? jsonResponse(200, routes[key]) : jsonResponse(404, { success: false, message: 'no' });
  });
}

describe('HomePage (Tu Feed)', () => {
  it('shows the feed cards of the people you follow', async () => {
    serve({
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'following', items: [{ ...makePost({ slug: 'uno', body: 'Primer post' }), isLiked: false }], nextCursor: null },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByText('Primer post')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tu Feed' })).toBeInTheDocument();
    expect(screen.getByText('Estás al día.')).toBeInTheDocument();
  });

  it('shows a discovery feed with WAG Stars to follow when you follow nobody', async () => {
    serve({
      '/api/feed/stories': { items: [], nextCursor: null },
      '/api/feed': { kind: 'discovery', items: [{ ...makePost({ slug: 'dos', body: 'Lo nuevo' }), isLiked: false }], nextCursor: 'c2' },
      '/api/wag-stars': { users: [{ id: 's1', username: 'valeria_rios', fullName: 'Valeria Ríos', bio: null, profilePictureUrl: null, isVerified: true, followers: 3, posts: 2, isFollowedByMe: false }] },
    });
    renderRoutes([{ path: '/', element: <HomeRoute /> }]);
    expect(await screen.findByRole('heading', { name: 'Descubre WAG' })).toBeInTheDocument();
    expect(await screen.findByText('Valeria Ríos')).toBeInTheDocument();
    expect(screen.getByText('Lo nuevo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
  });
});
