import type { PostSummary } from '@wag/contract/profiles';

/** Where a tile leads: quickys open in the quicky viewer, everything else on the post page. */
export function postHref(post: Pick<PostSummary, 'post_type' | 'slug'>): string {
  const slug = encodeURIComponent(post.slug);
  return post.post_type === 'quicky' ? `/quicky/${slug}` : `/post/${slug}`;
}

/** Whether a post is shown as a video (a video post or a quicky) rather than as photos. */
export function isVideoPost(post: Pick<PostSummary, 'media_type' | 'post_type'>): boolean {
  return post.media_type === 'video' || post.post_type === 'quicky';
}

/** The still image a grid tile shows; null for locked posts and posts without one yet. */
export function tileImage(post: PostSummary): string | null {
  if (post.locked) return null;
  if (isVideoPost(post)) {
    return post.video_thumbnail_url ?? post.thumbnail_url ?? post.cover_url ?? null;
  }
  return post.thumbnail_url ?? post.image_url ?? post.cover_url ?? post.media_url ?? null;
}


/**
 * The server's display rendition is the upload scaled down to fit 1080x1920, never up
 * (apps/server/src/media/image-renditions.ts, POST_IMAGE_RENDITIONS and POSTER_RENDITIONS): its width
 * from the post's stored size, or null when the size is unknown.
 */
export function displayWidth(post: Pick<PostSummary, 'width' | 'height'>): number | null {
  if (!post.width || !post.height) return null;
  return Math.round(post.width * Math.min(1, 1080 / post.width, 1920 / post.height));
}

/** Width of the grid tile rendition: 480x480 for images, 360x640 for video posters (same file). */
const TILE_WIDTH = { image: 480, video: 360 } as const;

/**
 * A feed card's or a grid tile's picture as `src` and `srcset`: the small tile rendition and the
 * display one, both of the box's shape (square tile and any display image are shown `object-fit:
 * cover` in a square; a video's 9:16 tile and poster in a 9:16 box), so the browser takes the smallest
 * that is sharp at the box's width (`sizes`) and the screen's density.
 */
export function cardImage(post: PostSummary): { src: string; srcSet?: string } | null {
  const src = tileImage(post);
  if (!src) return null;
  const video = isVideoPost(post);
  const tile = post.thumbnail_url;
  const display = video ? post.video_thumbnail_url : post.image_url;
  const width = displayWidth(post);
  if (!tile || !display || display === tile || !width || width <= TILE_WIDTH[video ? 'video' : 'image']) return { src };
  return { src: tile, srcSet: `${tile} ${TILE_WIDTH[video ? 'video' : 'image']}w, ${display} ${width}w` };
}

/** The card's width: the feed column (feed-page.css, at most 620px) or the screen, whichever is narrower. */
export const FEED_CARD_SIZES = '(min-width: 620px) 620px, 100vw';

/**
 * A tile's width in the three-column grids (post-grid.css: a profile's posts, a tag's; search results,
 * four columns from 960px): a third of the screen, of the content column (at most 1200px) on wide
 * screens. An estimate from above: a side menu or a fourth column only makes tiles narrower.
 */
export const GRID_TILE_SIZES = '(min-width: 1200px) 400px, 34vw';

/**
 * The width a quicky tile's 9:16 picture is drawn at (post-grid.css: three columns, four from 768px,
 * five from 1200px in a column of at most 1200px): a tall tile spans two rows, so its picture, covering
 * it, is drawn twice as wide as a regular tile's.
 */
export function quickyTileSizes(tall: boolean): string {
  return tall ? '(min-width: 1200px) 480px, (min-width: 768px) 50vw, 67vw' : '(min-width: 1200px) 240px, (min-width: 768px) 25vw, 34vw';
}

/** The still the quicky player shows until its video plays. */
export function quickyPoster(post: Pick<PostSummary, 'video_thumbnail_url' | 'cover_url' | 'thumbnail_url'>): string | undefined {
  return post.video_thumbnail_url ?? post.cover_url ?? post.thumbnail_url ?? undefined;
}
