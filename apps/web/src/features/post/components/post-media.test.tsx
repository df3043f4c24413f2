import type { PostDetail } from '@wag/contract/posts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePost } from '../../../test/social-fixtures';
import { PostMedia } from './post-media';

const photo = (n: number) => ({ url: `/media/u/p${n}/full.webp`, poster_url: null, stream_url: null, width: 1080, height: 1350 });

describe("a post's photos", () => {
  it('fetch the first at once and first, the second after it, and the others as the carousel nears them', () => {
    const post = { ...makePost({ slug: 'tres' }), media: [photo(1), photo(2), photo(3)], status: 'ready' } as unknown as PostDetail;
    render(<PostMedia post={post} />);
    const images = screen.getByTestId('post-photos').querySelectorAll('img');
    expect([...images].map((image) => [image.getAttribute('src'), image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([
      ['/media/u/p1/full.webp', 'eager', 'high'],
      ['/media/u/p2/full.webp', 'eager', 'low'],
      ['/media/u/p3/full.webp', 'lazy', 'auto'],
    ]);
  });
});
