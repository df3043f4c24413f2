import { describe, expect, it } from 'vitest';
import { postHref, tileImage } from './post-media';
import { EAGER_TILES, fillsWithoutHoles, isTallQuickyTile, placeQuickyTiles, quickyLeadTile, quickyTallTiles, quickyTileLoading } from './quicky-layout';
import { makePost } from '../../test/social-fixtures';

describe('isTallQuickyTile', () => {
  it('makes the 3rd and 6th tile of every six tall (1-based positions 3, 6, 9, 12 …)', () => {
    const tall = Array.from({ length: 13 }, (_, index) => index).filter(isTallQuickyTile).map((index) => index + 1);
    expect(tall).toEqual([3, 6, 9, 12]);
  });

  it('keeps the others regular', () => {
    expect([0, 1, 3, 4, 6, 7].map(isTallQuickyTile)).toEqual([false, false, false, false, false, false]);
  });
});

describe('quickyTallTiles', () => {
  it('leaves no empty cell beside a tall tile, for every length on three, four and five columns', () => {
    for (const columns of [3, 4, 5]) {
      for (let count = 0; count <= 40; count += 1) {
        const tall = quickyTallTiles(count, columns);
        expect(tall).toHaveLength(count);
        expect(fillsWithoutHoles(placeQuickyTiles(tall, columns)), `${count} tiles on ${columns} columns`).toBe(true);
      }
    }
  });

  it('draws three quickys on three columns in one row (a tall third would leave two holes under the first two)', () => {
    expect(fillsWithoutHoles(placeQuickyTiles([false, false, true], 3))).toBe(false);
    expect(quickyTallTiles(3, 3)).toEqual([false, false, false]);
  });

  it('keeps the product rule where the tiles around a tall one fill its rows', () => {
    expect(quickyTallTiles(5, 3)).toEqual([false, false, true, false, false]);
    const long = quickyTallTiles(24, 3);
    expect(long.slice(0, 18).map((tall, index) => tall === isTallQuickyTile(index))).not.toContain(false);
  });

  it('places tiles as dense auto-flow does: a tall tile takes its cell and the one below', () => {
    expect(placeQuickyTiles([false, false, true, false, false, true], 3)).toEqual([[0], [1], [2, 5], [3], [4], [6, 9]]);
  });
});

describe('quickyLeadTile', () => {
  const quickys = (count: number, { locked = [], processing = [] }: { locked?: number[]; processing?: number[] } = {}) =>
    Array.from({ length: count }, (_, index) =>
      makePost({ id: `q${index}`, post_type: 'quicky', locked: locked.includes(index), status: processing.includes(index) ? 'processing' : 'ready' }),
    );

  it("is the first tall tile when it is drawn with a picture, else the first tile that is", () => {
    expect(quickyLeadTile(quickys(9), quickyTallTiles(9, 3))).toBe(2);
    // The first tall one locked or still processing (no picture drawn): not the next tall one, half
    // below a phone's fold, but the first tile drawn with a picture.
    expect(quickyLeadTile(quickys(9, { locked: [2] }), quickyTallTiles(9, 3))).toBe(0);
    expect(quickyLeadTile(quickys(9, { processing: [0, 2] }), quickyTallTiles(9, 3))).toBe(1);
    // No tall tile (three quickys on three columns).
    expect(quickyLeadTile(quickys(3, { locked: [0] }), quickyTallTiles(3, 3))).toBe(1);
    // Only the first screen's tiles lead.
    expect(quickyLeadTile(quickys(9, { locked: [0, 1, 2, 3, 4, 5] }), quickyTallTiles(9, 3))).toBe(-1);
    expect(quickyLeadTile([], [])).toBe(-1);
  });

  it('gives one tile "high", the first screen\'s others "eager", the rest "lazy"', () => {
    expect(Array.from({ length: 8 }, (_, index) => quickyTileLoading(index, 2))).toEqual(['eager', 'eager', 'high', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(Array.from({ length: 3 }, (_, index) => quickyTileLoading(index, -1))).toEqual(['eager', 'eager', 'eager']);
    expect(EAGER_TILES).toBe(6);
  });
});

describe('tiles', () => {
  it('link quickys to /quicky/{slug} and the rest to /post/{slug}', () => {
    expect(postHref(makePost({ slug: 'baile', post_type: 'quicky' }))).toBe('/quicky/baile');
    expect(postHref(makePost({ slug: 'playa', post_type: 'grid' }))).toBe('/post/playa');
    expect(postHref(makePost({ slug: 'solo-vip', post_type: 'vip' }))).toBe('/post/solo-vip');
  });

  it('show the video poster for quickys, the thumbnail for photos, and nothing for locked posts', () => {
    expect(tileImage(makePost({ id: 'q', post_type: 'quicky' }))).toBe('/media/q-poster.jpg');
    expect(tileImage(makePost({ id: 'g' }))).toBe('/media/g-thumb.jpg');
    expect(
      tileImage(makePost({ post_type: 'vip', locked: true, media_url: null, image_url: null, thumbnail_url: null })),
    ).toBeNull();
  });
});
