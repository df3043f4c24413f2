import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoryRowResponse, ViewersResponse } from '@wag/contract/stories';
import { STORY_VIEWERS_PAGE_SIZE } from '@wag/contract/stories-rules';
import { api } from '../../../lib/api';
import { startEarly, takeEarly } from '../../../lib/early';
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

/** docs/product.md §9: images last 15 s, videos their own duration (15 s when unknown); ticks every 50 ms. */
export const IMAGE_STORY_MS = 15_000;
export const STORY_TICK_MS = 50;

export function playDuration(item: Pick<PlayItem, 'type' | 'durationMs'>): number {
  if (item.type === 'video' && item.durationMs && item.durationMs > 0) return item.durationMs;
  return IMAGE_STORY_MS;
}

export const storiesRoot = 'stories';

/** GET /api/feed/stories: the story-avatar row (yourself first, then people with active stories). */
export const storyRowQuery = (viewer: string) =>
  queryOptions({
    queryKey: [storiesRoot, 'row', viewer],
    queryFn: ({ signal }) => takeEarly<StoryRowResponse>(storyRowEarlyKey(viewer)) ?? api('storyRow', undefined, { signal }),
  });

const storyRowEarlyKey = (viewer: string) => `story-row:${viewer}`;

/** Asks for the story row before the app renders (lib/early.ts): its first fetch takes it. */
export function startStoryRowEarly(viewer: string): void {
  startEarly(storyRowEarlyKey(viewer), () => api('storyRow'));
}

/** The active stories and highlights of one person, as one play list (active first). */
export const storyReelQuery = (username: string, viewer: string) =>
  queryOptions({
    queryKey: [storiesRoot, 'reel', username.toLowerCase(), viewer],
    queryFn: async ({ signal }) => {
      const params = { username };
      const [active, highlights] = await Promise.all([
        api('activeStories', { params }, { signal }),
        api('highlights', { params }, { signal }),
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

export function useStoryReel(username: string) {
  return useQuery(storyReelQuery(username, useViewerKey()));
}

/** Views, likes and the viewer's like of one story. */
export const storyMetaQuery = (storyId: string | undefined, viewer: string) =>
  queryOptions({
    queryKey: [storiesRoot, 'meta', storyId, viewer],
    enabled: Boolean(storyId),
    queryFn: ({ signal }) => api('storyMeta', { params: { id: storyId ?? '' } }, { signal }),
  });

export function useStoryMeta(storyId: string | undefined) {
  return useQuery(storyMetaQuery(storyId, useViewerKey()));
}

/** A person's Quickyteca groups. */
export const storyGroupsQuery = (username: string | null, viewer: string) =>
  queryOptions({
    queryKey: [storiesRoot, 'groups', username?.toLowerCase(), viewer],
    enabled: Boolean(username),
    queryFn: ({ signal }) => api('storyGroups', { params: { username: username ?? '' } }, { signal }),
  });

export function useStoryGroups(username: string | null) {
  return useQuery(storyGroupsQuery(username, useViewerKey()));
}

/**
 * Who saw a story ('Visto por'), page after page. Read afresh each time the panel opens (nothing
 * kept once it closes) and not retried: a failure shows the empty list.
 */
export const storyViewersQuery = (storyId: string, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [storiesRoot, 'viewers', storyId, viewer],
    initialPageParam: 1,
    getNextPageParam: (last: ViewersResponse, pages) => (last.hasMore ? pages.length + 1 : undefined),
    queryFn: ({ pageParam, signal }) => api('storyViewers', { params: { id: storyId }, query: { page: pageParam, size: STORY_VIEWERS_PAGE_SIZE } }, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useStoryViewers(storyId: string) {
  return useInfiniteQuery(storyViewersQuery(storyId, useViewerKey()));
}

/** Refreshes everything cached about stories (after a delete, a move or a new group). */
export function useRefreshStories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [storiesRoot] });
}

const SEEN_KEY = 'wag.storiesSeen';

/** docs/product.md §4: a view is registered once per story per session. */
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
  void api('viewStory', { params: { id: storyId } }).catch(() => undefined);
}
