import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesPatch, PreferencesResponse } from '@wag/contract/preferences';
import { api } from '../api';
import { useAfterFirstScreen } from '../idle';
import { useSession } from '../session';
import { useViewerKey, viewerKey } from '../viewer-key';

const preferencesKey = (viewer: string) => ['preferences', viewer] as const;

/** GET /api/account/preferences: the whole set, defaults filled in. */
export const preferencesQuery = (viewer: string) =>
  queryOptions({
    queryKey: preferencesKey(viewer),
    queryFn: ({ signal }) => api('preferences', undefined, { signal }),
  });

export function usePreferences() {
  return useQuery(preferencesQuery(useViewerKey()));
}

/**
 * The signed-in person's preferences for what follows the account across devices (the theme, the
 * language): read once the first screen is drawn, since until then this browser's kept choice
 * stands; nothing is asked for a guest.
 */
export function useAccountPreferences() {
  const session = useSession();
  const drawn = useAfterFirstScreen();
  return useQuery({ ...preferencesQuery(viewerKey(session)), enabled: session.token !== null && drawn });
}

/**
 * PATCH /api/account/preferences. The switch moves at once (the cache holds the wanted value while
 * the request runs); a refusal puts it back and the server's answer is the truth afterwards.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const key = preferencesKey(useViewerKey());
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => api('updatePreferences', { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PreferencesResponse>(key);
      if (before) {
        queryClient.setQueryData<PreferencesResponse>(key, {
          ...before,
          notifications: { ...before.notifications, ...patch.notifications },
          messages: { ...before.messages, ...patch.messages },
          interactions: { ...before.interactions, ...patch.interactions },
          privacy: { ...before.privacy, ...patch.privacy },
          theme: patch.theme ?? before.theme,
          language: patch.language ?? before.language,
        });
      }
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
