import { describe, expect, it } from 'vitest';
import { makePost } from '../../test/social-fixtures';
import { postsForTab } from './profile-tabs';

describe('postsForTab', () => {
  const grid = makePost({ id: 'g', post_type: 'grid' });
  const quicky = makePost({ id: 'q', post_type: 'quicky' });
  const vip = makePost({ id: 'v', post_type: 'vip', locked: true });

  it('puts every non-quicky post under Posts, videos under Quickys and subscriber posts under VIP', () => {
    expect(postsForTab([grid, quicky, vip], 'posts').map((post) => post.id)).toEqual(['g', 'v']);
    expect(postsForTab([grid, quicky, vip], 'quickys').map((post) => post.id)).toEqual(['q']);
    expect(postsForTab([grid, quicky, vip], 'vip').map((post) => post.id)).toEqual(['v']);
  });
});
