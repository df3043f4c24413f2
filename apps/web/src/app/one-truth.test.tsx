import type { FeedResponse, PostDetail } from '@wag/contract/posts';
import type { FollowListResponse, WagStarsResponse } from '@wag/contract/profiles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedCard } from '../components/posts/feed-card';
import { FollowButton } from '../components/social/follow-button';
import { useFeed } from '../features/home/api/feed';
import { useFollowList } from '../features/follow-lists/api/use-follow-list';
import { usePost } from '../features/post/api/use-post';
import { PostActions } from '../features/post/components/post-parts';
import { useWagStars } from '../lib/queries/wag-stars';
import { jsonResponse, renderRoutes } from '../test/render-routes';
import { deferred, makeEntry, makePost, makeStar, mockApi, signIn } from '../test/social-fixtures';

/**
 * One truth per post and person: a like, save or follow made on one screen shows at once on every
 * other screen holding the same post or person, through the caches of different features.
 */
afterEach(() => vi.restoreAllMocks());

const summary = makePost({ id: 'p1', slug: 'playa', likes: 3 });
const feed: FeedResponse = { kind: 'following', items: [{ ...summary, isLiked: false, isSaved: false }], nextCursor: null };
const detail = {
  ...summary,
  tags: [],
  media: [{ type: 'image', url: '/media/p1.jpg', thumbnail_url: null, poster_url: null, width: 1080, height: 1080, duration_ms: null }],
  isLiked: false,
  isSaved: false,
  isOwner: false,
  isFollowingAuthor: false,
  user: { ...summary.user, isVerified: false },
} as PostDetail;

function FeedScreen() {
  const data = useFeed().data;
  return (
    <section data-testid="feed">
      {data?.pages.flatMap((page) => page.items).map((item) => <FeedCard key={item.id} post={item} isLiked={item.isLiked} isSaved={item.isSaved} />)}
    </section>
  );
}

function PostScreen() {
  const post = usePost('playa').data;
  return <section data-testid="post">{post ? <PostActions post={post} onComment={() => undefined} /> : null}</section>;
}

describe('a post shown on two screens', () => {
  it('shows a like and a save on both at once, then the server numbers on both', async () => {
    signIn('ana');
    const like = deferred<Response>();
    const api = mockApi({
      'GET /api/feed': feed,
      'GET /api/posts/slug/playa': { success: true, post: detail },
      'POST /api/posts/p1/like': () => like.promise,
      'POST /api/posts/p1/save': { success: true, isSaved: true },
    });
    const { queryClient } = renderRoutes([{ path: '/', element: (<><FeedScreen /><PostScreen /></>) }]);
    const feedCard = await screen.findByTestId('feed-card');
    const postPage = await screen.findByTestId('post');
    await within(postPage).findByTestId('like-count');

    fireEvent.click(within(feedCard).getByRole('button', { name: 'Me gusta' }));
    // Both screens, before the server has answered.
    expect(within(feedCard).getByRole('button', { name: 'Me gusta' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(postPage).getByRole('button', { name: 'Quitar me gusta' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(postPage).getByTestId('like-count')).toHaveTextContent('4 me gusta');
    expect(within(feedCard).getByText(/4 me gusta/)).toBeInTheDocument();

    await act(async () => like.resolve(jsonResponse(200, { success: true, isLiked: true, likes: 10 })));
    await waitFor(() => expect(within(postPage).getByTestId('like-count')).toHaveTextContent('10 me gusta'));
    expect(within(feedCard).getByText(/10 me gusta/)).toBeInTheDocument();
    // The server's answer now lives in both features' cached data, not only on screen.
    const cachedFeed = queryClient.getQueryData<{ pages: FeedResponse[] }>(['feed', '@ana']);
    expect(cachedFeed?.pages[0]?.items[0]).toMatchObject({ isLiked: true, likes: 10 });
    expect(queryClient.getQueryData<{ post: PostDetail }>(['post', 'playa', '@ana'])?.post).toMatchObject({ isLiked: true, likes: 10 });

    fireEvent.click(within(postPage).getByRole('button', { name: 'Guardar' }));
    expect(within(feedCard).getByRole('button', { name: 'Quitar de guardados' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.mock.calls.filter(([url]) => String(url) === '/api/posts/p1/save')).toHaveLength(1));
  });

  it('sends taps made while a like is on its way as one last intent', async () => {
    signIn('ana');
    const first = deferred<Response>();
    const api = mockApi({
      'GET /api/feed': feed,
      'POST /api/posts/p1/like': () => first.promise,
      'DELETE /api/posts/p1/like': { success: true, isLiked: false, likes: 3 },
    });
    renderRoutes([{ path: '/', element: <FeedScreen /> }]);
    const card = await screen.findByTestId('feed-card');
    const button = () => within(card).getByRole('button', { name: 'Me gusta' });
    fireEvent.click(button());
    fireEvent.click(button());
    fireEvent.click(button());
    fireEvent.click(button());
    // Four taps: liked, unliked, liked, unliked. The screen follows every one; the server gets the
    // like in flight, then only the last intent.
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    await act(async () => first.resolve(jsonResponse(200, { success: true, isLiked: true, likes: 4 })));
    await waitFor(() => expect(api.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`).filter((call) => call.includes('/like'))).toEqual(['POST /api/posts/p1/like', 'DELETE /api/posts/p1/like']));
    await waitFor(() => expect(within(card).getByText(/3 me gusta/)).toBeInTheDocument());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
  });
});

function StarsScreen() {
  const stars = useWagStars().data?.users ?? [];
  return (
    <section data-testid="stars">
      {stars.map((star) => (
        <FollowButton key={star.id} username={star.username} isFollowing={star.isFollowedByMe} followers={star.followers} />
      ))}
    </section>
  );
}

function FollowersScreen() {
  const rows = useFollowList('demo', 'following', '').data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <section data-testid="list">
      {rows.map((row) => (
        <FollowButton key={row.id} username={row.username} isFollowing={row.isFollowedByMe} />
      ))}
    </section>
  );
}

describe('a person shown on two screens', () => {
  it('shows a follow on both at once, then keeps it in both caches', async () => {
    signIn('ana');
    const stars: WagStarsResponse = { users: [makeStar({ id: 's1', username: 'Valeria_Rios', isFollowedByMe: false, followers: 7 })] };
    const list: FollowListResponse = { users: [makeEntry({ id: 's1', username: 'valeria_rios', isFollowedByMe: false })], nextCursor: null };
    const follow = deferred<Response>();
    mockApi({
      'GET /api/wag-stars': stars,
      'GET /api/users/demo/following': list,
      'POST /api/follow/valeria_rios': () => follow.promise,
    });
    const { queryClient } = renderRoutes([{ path: '/', element: (<><StarsScreen /><FollowersScreen /></>) }]);
    const inStars = await within(await screen.findByTestId('stars')).findByRole('button', { name: /Seguir/ });
    const inList = await within(await screen.findByTestId('list')).findByRole('button', { name: /Seguir/ });

    fireEvent.click(inList);
    // The same person in another feature's data, written in another case: changed at once too.
    expect(inStars).toHaveTextContent('Siguiendo');
    expect(inList).toHaveTextContent('Siguiendo');
    expect(inStars).toBeDisabled();

    await act(async () => follow.resolve(jsonResponse(200, { success: true, isFollowing: true, followers: 8 })));
    await waitFor(() => expect(inStars).not.toBeDisabled());
    expect(queryClient.getQueryData<WagStarsResponse>(['wag-stars', '@ana'])?.users[0]).toMatchObject({ isFollowedByMe: true, followers: 8 });
    expect(inList).toHaveTextContent('Siguiendo');
  });
});
