import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePictureResponse } from '@wag/contract/profiles';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKey, type CurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { followListRoot, patchCachedProfiles, wagStarsRoot } from '../../../lib/social-cache';
import { OUTPUT_NAME } from '../crop';

/** PUT /api/user/profile-picture, multipart field profilePicture holding profile.jpg. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  const { username } = useSession();
  return useMutation({
    mutationFn: (jpeg: Blob) => {
      const body = new FormData();
      body.append('profilePicture', jpeg, OUTPUT_NAME);
      return apiRequest<ProfilePictureResponse>('/api/user/profile-picture', { method: 'PUT', body });
    },
    onSuccess: (response) => {
      const url = response?.profilePictureUrl;
      if (url) {
        // The new picture shows at once in the menus and on the own profile.
        queryClient.setQueriesData<CurrentUser>({ queryKey: currentUserKey }, (me) => (me ? { ...me, profilePictureUrl: url } : me));
        if (username) {
          patchCachedProfiles(queryClient, username, (profile) => ({ ...profile, user: { ...profile.user, profilePictureUrl: url } }));
        }
      }
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: [followListRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [wagStarsRoot], refetchType: 'none' });
    },
  });
}
