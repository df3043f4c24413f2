import { describe, expect, it } from 'vitest';
import { postHref, tileImage } from './post-media';
import { isTallQuickyTile } from './quicky-layout';
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
