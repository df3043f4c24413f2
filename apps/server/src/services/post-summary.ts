import type { PostSummary } from '@wag/contract/profiles';
import type { Visibility } from '../access/rules.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { ProfilePostRow } from '../repositories/profiles.repository.js';

export interface PostAuthor {
  username: string;
  full_name: string | null;
  avatar_key: string | null;
}

/**
 * A post as grids show it, for a viewer the access rules list it to (`visibility` is theirs, never
 * 'hidden'): a locked post (VIP the viewer may not open) carries no media URL at all.
 */
export function toPostSummary(row: ProfilePostRow, author: PostAuthor, visibility: Visibility): PostSummary {
  const locked = visibility === 'locked';
  const url = (key: string | null) => (locked ? null : mediaFileUrl(key));
  const imageUrl = url(row.image_key);
  const videoUrl = url(row.video_key);
  const posterUrl = url(row.poster_key);
  const thumbUrl = url(row.thumb_key);
  const streamUrl = url(row.stream_key);
  return {
    id: row.id,
    slug: row.slug,
    post_type: row.post_type,
    media_type: row.content_type,
    visibility: row.visibility,
    status: row.status,
    locked,
    media_url: videoUrl ?? imageUrl,
    image_url: imageUrl,
    video_url: videoUrl,
    ...(streamUrl ? { stream_url: streamUrl } : {}),
    thumbnail_url: thumbUrl,
    video_thumbnail_url: row.content_type === 'video' ? (posterUrl ?? thumbUrl) : null,
    cover_url: thumbUrl ?? posterUrl ?? imageUrl,
    media_count: row.media_count,
    width: row.width,
    height: row.height,
    duration_ms: row.duration_ms,
    title: row.title,
    body: row.description,
    likes: row.likes_count,
    views: row.views_count,
    comments: row.comments_count,
    created_at: new Date(row.created_at).toISOString(),
    user: {
      username: author.username,
      full_name: author.full_name,
      // Drawn at 32 to 46 px (cards, the player, a post's header): the small rendition, as in every list.
      picture: mediaUrl(author.avatar_key, MEDIA_FILES.avatarSmall),
    },
    // Held or taken down: its owner (the only one who still sees it) is shown why.
    ...(visibility === 'owner' && row.moderation ? { moderation: { state: row.moderation, reason: row.moderation_reason ?? null } } : {}),
  };
}
