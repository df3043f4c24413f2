import type { PostSummary } from '@wag/contract/profiles';

/** Where a tile leads: quickys open in the quicky viewer, everything else on the post page. */
export function postHref(post: Pick<PostSummary, 'post_type' | 'slug'>): string {
  const slug = encodeURIComponent(post.slug);
  return post.post_type === 'quicky' ? `/quicky/${slug}` : `/post/${slug}`;
}

/** The still image a grid tile shows; null for locked posts and posts without one yet. */
export function tileImage(post: PostSummary): string | null {
  if (post.locked) return null;
  if (post.media_type === 'video' || post.post_type === 'quicky') {
    return post.video_thumbnail_url ?? post.thumbnail_url ?? post.cover_url ?? null;
  }
  return post.thumbnail_url ?? post.image_url ?? post.cover_url ?? post.media_url ?? null;
}

