import type { Comment, CommentsResponse } from '@wag/contract/posts';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { placeComment } from './use-comments';

function comment(id: string, parent: string | null = null): Comment {
  return {
    id,
    text: id,
    created_at: '2026-11-22T10:00:00.000Z',
    user: { username: 'ana', full_name: null, picture: null, isVerified: false },
    likes_count: 0,
    isLiked: false,
    parent_id: parent,
    replies: [],
    replies_count: 0,
  };
}

const pages = (...lists: Array<{ ids: string[]; next: string | null }>): InfiniteData<CommentsResponse, string | null> => ({
  pages: lists.map(({ ids, next }) => ({ comments: ids.map((id) => comment(id)), nextCursor: next })),
  pageParams: lists.map(() => null),
});

const ids = (data: InfiniteData<CommentsResponse, string | null>) => data.pages.flatMap((page) => page.comments.map((c) => c.id));

describe('placeComment (docs/product.md §4)', () => {
  it('puts a new top-level comment first when sorted recent', () => {
    expect(ids(placeComment(pages({ ids: ['b', 'a'], next: null }), comment('new'), 'recent'))).toEqual(['new', 'b', 'a']);
  });

  it('puts it last when sorted all, once the last page is loaded', () => {
    expect(ids(placeComment(pages({ ids: ['a', 'b'], next: null }), comment('new'), 'all'))).toEqual(['a', 'b', 'new']);
    expect(ids(placeComment(pages({ ids: ['a', 'b'], next: 'more' }), comment('new'), 'all'))).toEqual(['a', 'b']);
  });

  it('puts a reply at the front of its parent\'s replies and counts it', () => {
    const data = pages({ ids: ['a', 'b'], next: null });
    data.pages[0]!.comments[1]!.replies = [comment('old', 'b')];
    const placed = placeComment(data, comment('reply', 'b'), 'all');
    const parent = placed.pages[0]!.comments[1]!;
    expect(parent.replies.map((r) => r.id)).toEqual(['reply', 'old']);
    expect(parent.replies_count).toBe(1);
  });
});
