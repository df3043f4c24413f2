import { randomUUID } from 'node:crypto';
import type { Audience, PostType, ProcessingStatus } from '../../src/db/schema.js';
import type { TestApp } from './test-app.js';

export interface TestPostInput {
  postType?: PostType;
  visibility?: Audience;
  status?: ProcessingStatus;
  createdAt?: Date;
  description?: string;
  /** How many media items (a carousel when more than one). */
  mediaCount?: number;
}

/** Inserts a post with its media rows straight into the database (no files): for read-path tests. */
export async function insertPost(t: TestApp, userId: string, input: TestPostInput = {}): Promise<{ id: string; slug: string }> {
  const postType = input.postType ?? 'grid';
  const video = postType === 'quicky';
  const slug = `post-${randomUUID().slice(0, 12)}`;
  const post = await t.db
    .insertInto('posts')
    .values({
      slug,
      user_id: userId,
      post_type: postType,
      content_type: video ? 'video' : 'image',
      visibility: input.visibility ?? (postType === 'vip' ? 'subscribers' : 'public'),
      description: input.description ?? `Post ${slug}`,
      status: input.status ?? 'ready',
      created_at: input.createdAt ?? t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = input.mediaCount ?? 1;
  await t.db
    .insertInto('post_media')
    .values(
      Array.from({ length: count }, (_, position) => {
        const folder = `u/${randomUUID().replace(/-/g, '').slice(0, 20)}`;
        return {
          post_id: post.id,
          position,
          kind: video ? ('video' as const) : ('image' as const),
          width: video ? 720 : 1080,
          height: video ? 1280 : 1080,
          duration_ms: video ? 5000 : null,
          image_key: video ? null : `${folder}/full.webp`,
          thumb_key: `${folder}/thumb.webp`,
          video_key: video ? `${folder}/video.mp4` : null,
          poster_key: video ? `${folder}/poster.webp` : null,
        };
      }),
    )
    .execute();
  await t.db.updateTable('users').set((eb) => ({ posts_count: eb('posts_count', '+', 1) })).where('id', '=', userId).execute();
  return { id: post.id, slug };
}
