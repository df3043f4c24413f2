import { useMutation } from '@tanstack/react-query';
import { COVER_AT_FIELD } from '@wag/contract/posts-rules';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { ContentType, PostType, Visibility } from '../upload-rules';

export interface NewPost {
  files: readonly File[];
  description: string;
  contentType: ContentType;
  postType: PostType;
  visibility: Visibility;
  /** The creator confirms everyone shown is an adult who agreed (subscribers-only posts). */
  confirmConsent?: boolean;
  tags: readonly string[];
  /** A video's cover: the moment (ms) whose frame becomes its poster. */
  coverAtMs?: number;
  onProgress: (percent: number) => void;
}

/**
 * POST /api/posts as multipart: every file as `media`, then description, contentType, postType,
 * visibility, confirmConsent (subscribers only), the tags as a JSON list (only when there are some) and
 * a video's cover moment,
 * reporting upload progress.
 */
export function useCreatePost() {
  return useMutation({
    mutationFn: ({ files, description, contentType, postType, visibility, confirmConsent, tags, coverAtMs, onProgress }: NewPost) => {
      const body = new FormData();
      for (const file of files) body.append('media', file, file.name);
      body.append('description', description);
      body.append('contentType', contentType);
      body.append('postType', postType);
      body.append('visibility', visibility);
      if (confirmConsent) body.append('confirmConsent', 'true');
      if (tags.length > 0) body.append('tags', JSON.stringify(tags));
      if (coverAtMs !== undefined) body.append(COVER_AT_FIELD, String(Math.round(coverAtMs)));
      return api('createPost', { body }, { onUploadProgress: onProgress, idempotencyKey: newIdempotencyKey() });
    },
  });
}
