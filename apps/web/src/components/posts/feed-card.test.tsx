import type { PostSummary } from '@wag/contract/profiles';
import type { ReactElement } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { mockApi, signIn } from '../../test/social-fixtures';
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

  it("offers 'Suscribirme' on a locked VIP item, opening the payment sheet for its creator", async () => {
    signIn();
    mockApi({
      'GET /api/payments/info': { provider: 'sandbox', testMode: true, currency: 'USD', platformFeePercent: 20, verificationFee: 100 },
      'GET /api/users/ana/vip': { enabled: true, monthlyPrice: 599, storyPrice: 299, currency: 'USD', isSubscribed: false, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, lockedStories: 0 },
    });
    const locked = post({ post_type: 'vip', visibility: 'subscribers', locked: true, media_url: null, image_url: null, thumbnail_url: null, cover_url: null });
    renderWithProviders(<FeedCard post={locked} />);
    const offer = screen.getByTestId('feed-card-vip');
    expect(offer).toHaveTextContent('Contenido VIP de @ana');
    expect(screen.getByTestId('feed-card').querySelector('img')).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Suscribirme' }));
    const sheet = await screen.findByRole('dialog', { name: 'Suscripción VIP' });
    expect(await within(sheet).findByTestId('payment-summary')).toHaveTextContent(/VIP de @ana.*5,99\s?US\$ al mes/);
  });

  it("sends a guest to sign in from 'Suscribirme'", () => {
    renderWithProviders(<FeedCard post={post({ post_type: 'vip', locked: true, media_url: null, image_url: null })} />);
    expect(within(screen.getByTestId('feed-card-vip')).getByRole('link', { name: 'Suscribirme' })).toHaveAttribute('href', '/login');
  });

  it("offers the tile and the display rendition at their widths, a video's 9:16 tile and poster likewise", () => {
    const { unmount } = renderWithProviders(<FeedCard post={post({ width: 3000, height: 2000 })} />);
    let image = screen.getByTestId('feed-card').querySelector('img');
    expect(image).toHaveAttribute('src', '/media/u/a/thumb.webp');
    // 3000x2000 fits 1080x1920 at 1080x720.
    expect(image).toHaveAttribute('srcset', '/media/u/a/thumb.webp 480w, /media/u/a/full.webp 1080w');
    expect(image).toHaveAttribute('loading', 'lazy');
    unmount();
    const video = post({ post_type: 'quicky', media_type: 'video', image_url: null, thumbnail_url: '/media/u/v/thumb.webp', video_thumbnail_url: '/media/u/v/poster.webp', width: 720, height: 1280 });
    renderWithProviders(<FeedCard post={video} priority />);
    image = screen.getByTestId('feed-card').querySelector('img');
    expect(image).toHaveAttribute('srcset', '/media/u/v/thumb.webp 360w, /media/u/v/poster.webp 720w');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('offers one picture when the display rendition is no larger than the tile', () => {
    renderWithProviders(<FeedCard post={post({ width: 400, height: 400 })} />);
    const image = screen.getByTestId('feed-card').querySelector('img');
    expect(image).toHaveAttribute('src', '/media/u/a/thumb.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('offers nothing to buy on an open post', () => {
    renderWithProviders(<FeedCard post={post()} />);
    expect(screen.queryByTestId('feed-card-vip')).not.toBeInTheDocument();
  });
});
