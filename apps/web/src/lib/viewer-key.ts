import { useSession } from './session';

/**
 * Who is asking, as the last part of a query key: answers depend on the viewer (whether they follow
 * someone, locked VIP posts, their own posts), so a cached answer is never shown to someone else.
 */
export function viewerKey(session: { token: string | null; username: string | null }): string {
  if (!session.token) return 'guest';
  return session.username ? `@${session.username.toLowerCase()}` : 'signed-in';
}

export function useViewerKey(): string {
  return viewerKey(useSession());
}
