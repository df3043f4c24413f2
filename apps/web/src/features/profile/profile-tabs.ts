import type { PostSummary } from '@wag/contract/profiles';

export type ProfileTab = 'posts' | 'quickys' | 'vip';

/** Posts: every non-quicky post (VIP ones appear locked to non-subscribers). Quickys: videos. VIP: subscribers' posts. */
export function postsForTab(posts: PostSummary[], tab: ProfileTab): PostSummary[] {
  if (tab === 'quickys') return posts.filter((post) => post.post_type === 'quicky');
  if (tab === 'vip') return posts.filter((post) => post.post_type === 'vip');
  return posts.filter((post) => post.post_type !== 'quicky');
}
