import type { PostSummary } from '@wag/contract/profiles';
import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { FeedCard, feedCardType } from './feed-card';

function post(overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    id: 'p1',
    slug: 'playa',
    post_type: 'grid',
    media_type: 'image',
    visibility: 'public',
    status: 'ready',
    locked: false,
    media_url: '/media/u/a/full.webp',
    image_url: '/media/u/a/full.webp',
    video_url: null,
    thumbnail_url: '/media/u/a/thumb.webp',
    video_thumbnail_url: null,
    cover_url: '/media/u/a/thumb.webp',
    media_count: 1,
    width: 1080,
    height: 1080,
    duration_ms: null,
    title: null,
    body: 'x'.repeat(130),
    likes: 3,
    views: 40,
    comments: 0,
    created_at: '2026-11-22T10:00:00.000Z',
    user: { username: 'ana', full_name: 'Ana', picture: null },
    ...overrides,
  };
}

const renderWithProviders = (element: ReactElement) => renderRoutes([{ path: '/', element }]);

describe('FeedCard', () => {
  it('knows quickys, images and carousels', () => {
    expect(feedCardType(post({ post_type: 'quicky', media_type: 'video' }))).toBe('quicky');
    expect(feedCardType(post())).toBe('image');
    expect(feedCardType(post({ media_count: 3 }))).toBe('carousel');
  });

  it('cuts the caption at 100 characters with más / menos', () => {
    renderWithProviders(<FeedCard post={post()} />);
    expect(screen.getByText(`${'x'.repeat(100)}…`, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'más' }));
    expect(screen.getByText('x'.repeat(130), { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'menos' }));
    expect(screen.getByText(`${'x'.repeat(100)}…`, { exact: false })).toBeTruthy();
  });

  it('labels carousels with their photo count and shows 9:16 quickys', () => {
    const { unmount } = renderWithProviders(<FeedCard post={post({ media_count: 4 })} />);
    expect(screen.getByText('4 fotos')).toBeTruthy();
    unmount();
    renderWithProviders(<FeedCard post={post({ post_type: 'quicky', media_type: 'video' })} />);
    expect(screen.getByTestId('feed-card').getAttribute('data-type')).toBe('quicky');
  });
});
