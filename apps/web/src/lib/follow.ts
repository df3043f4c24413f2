import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowResponse } from '@wag/contract/profiles';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from './api-client';
import { clearSession } from './auth-storage';
import { useSession } from './session';
import { followListRoot, patchFollowState, shiftFollowingCount } from './social-cache';

/** What the screen shows before the tap. */
export interface FollowState {
  isFollowing: boolean;
  /** The followee's follower count, where the screen shows one. */
  followers?: number;
}

/**
 * The follower count after a follow or unfollow (product.md §4): the server's value when it
 * sent a number, otherwise one more or one less than before, never below zero.
 */
export function nextFollowerCount(before: number | undefined, nowFollowing: boolean, serverValue?: unknown): number | undefined {
  if (typeof serverValue === 'number' && Number.isFinite(serverValue)) return Math.max(0, Math.trunc(serverValue));
  if (before === undefined) return undefined;
  return Math.max(0, before + (nowFollowing ? 1 : -1));
}

// Follows in flight, by lower-cased username, shared by every button on every screen: a second
// tap (or a second button for the same person) while one request runs is ignored.
const inFlight = new Set<string>();
const listeners = new Set<() => void>();

function setInFlight(key: string, on: boolean): void {
  if (on) inFlight.add(key);
  else inFlight.delete(key);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface Variables {
  before: FollowState;
  optimistic: FollowState;
}

export interface UseFollowOptions {
  /** A 401/403 ended the session (it is already cleared): show the login prompt. */
  onAuthRequired?: () => void;
}

/**
 * Follow / unfollow one person (POST or DELETE /api/follow/{username}). The screen changes at
 * once in every cached copy; a failure puts it back. Guests are sent to /login.
 */
export function useFollow(username: string, options: UseFollowOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { token, username: me } = useSession();
  const key = username.toLowerCase();
  const isPending = useSyncExternalStore(
    subscribe,
    () => inFlight.has(key),
    () => false,
  );
  const { onAuthRequired } = options;

  const mutation = useMutation({
    mutationKey: ['follow', key],
    mutationFn: ({ before }: Variables) =>
      apiRequest<FollowResponse>(`/api/follow/${encodeURIComponent(username)}`, {
        method: before.isFollowing ? 'DELETE' : 'POST',
      }),
    onMutate: ({ optimistic }: Variables) => {
      patchFollowState(queryClient, username, { isFollowing: optimistic.isFollowing, followers: optimistic.followers });
      shiftFollowingCount(queryClient, me, optimistic.isFollowing ? 1 : -1);
    },
    onSuccess: (response, { before, optimistic }) => {
      const isFollowing = typeof response?.isFollowing === 'boolean' ? response.isFollowing : optimistic.isFollowing;
      patchFollowState(queryClient, username, {
        isFollowing,
        followers: nextFollowerCount(before.followers, isFollowing, response?.followers),
      });
      if (isFollowing !== optimistic.isFollowing) shiftFollowingCount(queryClient, me, isFollowing ? 1 : -1);
    },
    onError: (error, { before, optimistic }) => {
      patchFollowState(queryClient, username, { isFollowing: before.isFollowing, followers: before.followers });
      shiftFollowingCount(queryClient, me, optimistic.isFollowing ? -1 : 1);
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        clearSession();
        onAuthRequired?.();
      } else {
        // product.md §8: a failed follow is logged and leaves the screen as it was.
        console.error(error);
      }
    },
    onSettled: () => {
      setInFlight(key, false);
      // Lists loaded earlier no longer match: refresh them the next time they are opened.
      void queryClient.invalidateQueries({ queryKey: [followListRoot], refetchType: 'none' });
    },
  });
  const { mutate } = mutation;

  const toggle = useCallback(
    (current: FollowState) => {
      if (!token) {
        navigate('/login');
        return;
      }
      if (inFlight.has(key)) return;
      setInFlight(key, true);
      const isFollowing = !current.isFollowing;
      mutate({
        before: current,
        optimistic: { isFollowing, followers: nextFollowerCount(current.followers, isFollowing) },
      });
    },
    [token, key, navigate, mutate],
  );

  return { toggle, isPending, isSignedIn: token !== null };
}
