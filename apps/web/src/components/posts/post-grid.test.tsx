import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { makePost } from '../../test/social-fixtures';
import { PostGrid, QuickyGrid } from './post-grid';
import { GRID_TILE_SIZES, quickyTileSizes } from './post-media';

describe("a grid tile's picture", () => {
  it("is a quicky's tile rendition or its poster, by the width a regular or tall tile draws it at", () => {
    const quickys = Array.from({ length: 7 }, (_, index) => makePost({ id: `q${index}`, slug: `q${index}`, post_type: 'quicky', media_type: 'video' }));
    renderRoutes([{ path: '/', element: <QuickyGrid posts={quickys} /> }]);
    const tiles = within(screen.getByTestId('quicky-grid')).getAllByTestId('post-tile');
    const tall = tiles.map((tile) => tile.dataset.tall === 'true');
    expect(tall).toContain(true);
    expect(tall).toContain(false);
    tiles.forEach((tile, index) => {
      const image = tile.querySelector('img')!;
      // makePost's quickys are 1080x1920: the tile rendition is 360 wide.
      expect(image).toHaveAttribute('srcset', `/media/q${index}-thumb.jpg 360w, /media/q${index}-poster.jpg 1080w`);
      expect(image).toHaveAttribute('sizes', quickyTileSizes(tall[index]!));
      expect(image).toHaveAttribute('src', `/media/q${index}-thumb.jpg`);
    });
    expect(quickyTileSizes(true)).not.toBe(quickyTileSizes(false));
  });

  it('is fetched first for the lead tile alone, the first tall one', () => {
    const quickys = Array.from({ length: 9 }, (_, index) => makePost({ id: `q${index}`, slug: `q${index}`, post_type: 'quicky', media_type: 'video' }));
    renderRoutes([{ path: '/', element: <QuickyGrid posts={quickys} /> }]);
    const images = within(screen.getByTestId('quicky-grid')).getAllByTestId('post-tile').map((tile) => tile.querySelector('img')!);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['auto', 'auto', 'high', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto']);
  });

  it('is fetched first for the lead tile alone; the rest of the first screen at once, the others lazily', () => {
    // The 3rd (the first tall one) is locked: no picture, so the first tile leads, not the 6th (tall,
    // but half below a phone's fold).
    const quickys = Array.from({ length: 9 }, (_, index) =>
      makePost({ id: `q${index}`, slug: `q${index}`, post_type: 'quicky', media_type: 'video', ...(index === 2 ? { locked: true } : {}) }),
    );
    renderRoutes([{ path: '/', element: <QuickyGrid posts={quickys} /> }]);
    const tiles = within(screen.getByTestId('quicky-grid')).getAllByTestId('post-tile');
    const loading = tiles.map((tile) => {
      const image = tile.querySelector('img');
      return image ? `${image.getAttribute('loading')}/${image.getAttribute('fetchpriority')}` : 'none';
    });
    expect(loading).toEqual(['eager/high', 'eager/auto', 'none', 'eager/auto', 'eager/auto', 'eager/auto', 'lazy/auto', 'lazy/auto', 'lazy/auto']);
  });

  it("is a photo's square tile rendition or its display one in the posts grid; none for a locked post", () => {
    const posts = [makePost({ id: 'g1', slug: 'g1' }), makePost({ id: 'v1', slug: 'v1', post_type: 'vip', locked: true, thumbnail_url: null, image_url: null, media_url: null })];
    renderRoutes([{ path: '/', element: <PostGrid posts={posts} /> }]);
    const [photo, locked] = within(screen.getByTestId('post-grid')).getAllByTestId('post-tile');
    const image = photo!.querySelector('img')!;
    expect(image).toHaveAttribute('srcset', expect.stringMatching(/^\/media\/g1-thumb\.jpg 480w, \S+ 1080w$/));
    expect(image).toHaveAttribute('sizes', GRID_TILE_SIZES);
    expect(locked!.querySelector('img')).toBeNull();
  });

  it("is sized as a square grid's tile for a quicky in a posts grid (a tag's page lists them)", () => {
    renderRoutes([{ path: '/', element: <PostGrid posts={[makePost({ id: 'q1', slug: 'q1', post_type: 'quicky', media_type: 'video' })]} /> }]);
    const image = within(screen.getByTestId('post-grid')).getByTestId('post-tile').querySelector('img')!;
    expect(image).toHaveAttribute('srcset', '/media/q1-thumb.jpg 360w, /media/q1-poster.jpg 1080w');
    expect(image).toHaveAttribute('sizes', GRID_TILE_SIZES);
  });
});
