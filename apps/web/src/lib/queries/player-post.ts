import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../viewer-key';
import { postQuery } from './post';

/**
 * The quicky player's reading of the item on screen: lists give a summary, the player's rail needs
 * the detail. The same cache entry as the post page's, so a like or a follow made on either is the
 * other's too (lib/shadows keeps it in step with every other screen).
 */
export function usePlayerPost(slug: string, enabled: boolean) {
  return useQuery({ ...postQuery(slug, useViewerKey()), staleTime: 60_000, enabled });
}
