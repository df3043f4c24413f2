import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HighlightsResponse, Story, StoryGroupsResponse, ViewersResponse } from '@wag/contract/stories';
import { apiRequest } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/viewer-key';

/** One item the viewer plays: an active story or a highlight, in the same shape. */
export interface PlayItem {
  id: string;
  kind: 'active' | 'highlight';
  url: string;
  type: 'image' | 'video';
  posterUrl: string | null;
  durationMs: number | null;
  createdAt: string;
  /** The Quickyteca group of a highlight (null: Recientes). */
  groupId: string | null;
}

/** product.md §9: images last 15 s, videos their own duration (15 s when unknown); ticks every 50 ms. */
export const IMAGE_STORY_MS = 15_000;
export const STORY_TICK_MS = 50;

export function playDuration(item: Pick<PlayItem, 'type' | 'durationMs'>): number {
  if (item.type === 'video' && item.durationMs && item.durationMs > 0) return item.durationMs;
  return IMAGE_STORY_MS;
}

export const storiesRoot = 'stories';

/** The active stories and highlights of one person, as one play list (active first). */
export function useStoryReel(username: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [storiesRoot, 'reel', username.toLowerCase(), viewer],
    queryFn: async ({ signal }) => {
      const base = encodeURIComponent(username);
      const [active, highlights] = await Promise.all([
        apiRequest<{ stories: Story[] }>(`/api/stories/active/${base}`, { signal }),
        apiRequest<HighlightsResponse>(`/api/stories/wholesale/${base}`, { signal }),
      ]);
      const activeItems: PlayItem[] = active.stories.flatMap((story) =>
        story.media.map((media) => ({
          id: story.id,
          kind: 'active' as const,
          url: media.url,
          type: media.type,
          posterUrl: media.poster_url,
          durationMs: media.duration_ms,
          createdAt: story.created_at,
          groupId: null,
        })),
      );
      const highlightItems: PlayItem[] = highlights.highlights.map((item) => ({
        id: item.id,
        kind: 'highlight' as const,
        url: item.media_url,
        type: item.media_type,
        posterUrl: item.poster_url,
        durationMs: item.duration_ms,
        createdAt: item.created_at,
        groupId: item.group_id,
      }));
      const owner = active.stories[0]?.user ?? null;
      return { active: activeItems, highlights: highlightItems, owner };
    },
  });
}

export function useStoryMeta(storyId: string | undefined) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [storiesRoot, 'meta', storyId, viewer],
    enabled: Boolean(storyId),
    queryFn: ({ signal }) => apiRequest<{ views: number; likes: number; isLiked: boolean }>(`/api/stories/${storyId}/meta`, { signal }),
  });
}

export function useStoryGroups(username: string | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [storiesRoot, 'groups', username?.toLowerCase(), viewer],
    enabled: Boolean(username),
    queryFn: ({ signal }) => apiRequest<StoryGroupsResponse>(`/api/story-groups/${encodeURIComponent(username ?? '')}`, { signal }),
  });
}

export function fetchViewers(storyId: string, page: number): Promise<ViewersResponse> {
  return apiRequest<ViewersResponse>(`/api/stories/${storyId}/viewers?page=${page}&size=30`);
}

/** Refreshes everything cached about stories (after a delete, a move or a new group). */
export function useRefreshStories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [storiesRoot] });
}

const SEEN_KEY = 'wag.storiesSeen';

/** product.md §4: a view is registered once per story per session. */
export function registerViewOnce(storyId: string): void {
  let seen: string[];
  try {
    seen = JSON.parse(window.sessionStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    seen = [];
  }
  if (seen.includes(storyId)) return;
  try {
    window.sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen, storyId].slice(-500)));
  } catch {
    // Without storage a view may be sent again; the server counts it once anyway.
  }
  void apiRequest(`/api/stories/${storyId}/view`, { method: 'POST' }).catch(() => undefined);
}
