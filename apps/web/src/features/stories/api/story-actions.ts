import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Like or unlike a story; the answer carries the new count. */
export function useStoryLike() {
  return useMutation({ mutationFn: ({ id, like }: { id: string; like: boolean }) => api(like ? 'likeStory' : 'unlikeStory', { params: { id } }) });
}

/** A reply to a story, sent to its owner as a message. */
export function useStoryReply() {
  return useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => api('replyToStory', { params: { id }, body: { text } }) });
}

/** The owner's actions on one story: keep it in the highlights, put it in a group (null: Recientes), delete it. */
export function useStoryOwnerActions() {
  const moveToHighlights = useMutation({ mutationFn: (id: string) => api('moveStoryToHighlights', { params: { id } }) });
  const moveToGroup = useMutation({
    mutationFn: ({ id, groupId }: { id: string; groupId: string | null }) => api('moveStoryToGroup', { params: { id }, body: { group_id: groupId } }),
  });
  const remove = useMutation({ mutationFn: (id: string) => api('deleteStory', { params: { id } }) });
  return { moveToHighlights, moveToGroup, remove };
}

/** A new Quickyteca group; the screen adds what happens after (mutationOptions, spread into useMutation). */
export const createStoryGroupMutation = () => mutationOptions({ mutationFn: (name: string) => api('createStoryGroup', { body: { name } }) });

/** POST /api/stories (multipart: the file as `media`, then `audience`), reporting upload progress in percent. */
export function useCreateStory() {
  return useMutation({
    mutationFn: ({ file, audience, confirmConsent, onProgress }: { file: File; audience: string; confirmConsent?: boolean; onProgress: (percent: number) => void }) => {
      const body = new FormData();
      body.append('media', file, file.name);
      body.append('audience', audience);
      // The creator confirms everyone shown is an adult who agreed (subscribers-only stories).
      if (confirmConsent) body.append('confirmConsent', 'true');
      return api('createStory', { body }, { onUploadProgress: onProgress });
    },
  });
}
