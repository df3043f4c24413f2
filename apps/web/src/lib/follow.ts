import { useQueryClient } from '@tanstack/react-query';
import type { FollowResponse } from '@wag/contract/profiles';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from './api';
import { ApiError } from './api-error';
import { clearSession } from './auth-storage';
import { useSendToLogin } from './login-return';
import { useSession } from './session';
import { personShadows } from './shadows';
import { createQueueRegistry, createToggleQueue } from './toggle-queue';

/** What the screen shows before the tap. */
export interface FollowState {
  isFollowing: boolean;
  /** The followee's follower count, where the screen shows one. */
  followers?: number;
}

/**
 * The follower count after a follow or unfollow (docs/product.md §4): the server's value when it
 * sent a number, otherwise one more or one less than before, never below zero.
 */
export function nextFollowerCount(before: number | undefined, nowFollowing: boolean, serverValue?: unknown): number | undefined {
  if (typeof serverValue === 'number' && Number.isFinite(serverValue)) return Math.max(0, Math.trunc(serverValue));
  if (before === undefined) return undefined;
  return Math.max(0, before + (nowFollowing ? 1 : -1));
}

const queues = createQueueRegistry();
const FOLLOW_FACETS = ['isFollowing', 'followers'] as const;

// Every follow button of one person (on any screen) is disabled while that person's follow is on its
// way (docs/product.md §4): they read this.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const announce = () => {
  for (const listener of listeners) listener();
};

export interface UseFollowOptions {
  /** A 401/403 ended the session (it is already cleared): show the login prompt. */
  onAuthRequired?: () => void;
}

/**
 * Follow / unfollow one person (POST or DELETE /api/follow/{username}). The screen changes at once
 * wherever the person is shown (lib/shadows): their button and follower count, and the viewer's own
 * following count; a failure puts everything back. Guests are sent to /login.
 */
export function useFollow(username: string, options: UseFollowOptions = {}) {
  const queryClient = useQueryClient();
  const sendToLogin = useSendToLogin();
  const { token, username: me } = useSession();
  const key = username.toLowerCase();
  const isPending = useSyncExternalStore(subscribe, () => queues.busy(key), () => false);
  const { onAuthRequired } = options;

  const toggle = useCallback(
    (current: FollowState) => {
      if (!token) {
        sendToLogin();
        return;
      }
      if (queues.busy(key)) return;
      const on = !current.isFollowing;
      personShadows.setShadow(username, { isFollowing: on, followers: nextFollowerCount(current.followers, on) });
      // The viewer's own "following" count moves with it.
      const shiftMine = (delta: number) => {
        if (me) personShadows.write(queryClient, me, (facets) => (facets.following === undefined ? facets : { ...facets, following: Math.max(0, facets.following + delta) }));
      };
      shiftMine(on ? 1 : -1);
      queues
        .get(key, () =>
          createToggleQueue<FollowResponse>({
            initial: current.isFollowing,
            send: (follow) => api(follow ? 'follow' : 'unfollow', { params: { username } }),
            settled: (answer, follow) => {
              personShadows.write(queryClient, username, (facets) => ({
                ...facets,
                isFollowing: typeof answer?.isFollowing === 'boolean' ? answer.isFollowing : follow,
                followers: nextFollowerCount(facets.followers, follow, answer?.followers) ?? facets.followers,
              }));
              personShadows.liftShadow(username, FOLLOW_FACETS);
              announce();
            },
            failed: (error) => {
              personShadows.liftShadow(username, FOLLOW_FACETS);
              shiftMine(on ? -1 : 1);
              announce();
              if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
                clearSession();
                onAuthRequired?.();
              } else {
                // docs/product.md §8: a failed follow is logged and leaves the screen as it was.
                console.error(error);
              }
            },
          }),
        )
        .want(on);
      announce();
    },
    [token, key, username, me, sendToLogin, queryClient, onAuthRequired],
  );

  return { toggle, isPending, isSignedIn: token !== null };
}

/** A person's follow state and counts as every screen should show them now. */
export function usePersonFacets<T extends { isFollowing?: boolean; followers?: number; following?: number }>(username: string, own: T): T {
  return personShadows.useFacets(username, own);
}
