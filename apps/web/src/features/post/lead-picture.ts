import type { PostDetail } from '@wag/contract/posts';
import { isVideoPost } from '../../components/posts/post-media';

type Shown = Pick<PostDetail, 'locked' | 'status' | 'media_type' | 'post_type' | 'media' | 'video_thumbnail_url'>;

/** The still a video post's player shows until it plays. */
export function videoPoster(post: Pick<PostDetail, 'media' | 'video_thumbnail_url'>): string | undefined {
  return post.media[0]?.poster_url ?? post.video_thumbnail_url ?? undefined;
}

/**
 * The picture the post page shows first and largest (its likely LCP): the first photo, or a video's
 * poster; none for a locked post or one still processing (the page shows a note instead).
 */
export function leadPicture(post: Shown): string | null {
  if (post.locked || post.status !== 'ready') return null;
  return (isVideoPost(post) ? videoPoster(post) : post.media[0]?.url) ?? null;
}
