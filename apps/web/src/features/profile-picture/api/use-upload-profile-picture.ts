import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserKey, type CurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { personShadows } from '../../../lib/shadows';
import { OUTPUT_NAME } from '../crop';

/** PUT /api/user/profile-picture, multipart field profilePicture holding profile.jpg. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  const { username } = useSession();
  return useMutation({
    mutationFn: (jpeg: Blob) => {
      const body = new FormData();
      body.append('profilePicture', jpeg, OUTPUT_NAME);
      return api('updateProfilePicture', { body });
    },
    onSuccess: (response) => {
      const url = response?.profilePictureUrl;
      if (url) {
        // The new picture shows at once in the menus and on the own profile.
        queryClient.setQueriesData<CurrentUser>({ queryKey: currentUserKey }, (me) => (me ? { ...me, profilePictureUrl: url } : me));
        // ...and everywhere else the person is shown (profile, lists, search, WAG Stars, posts).
        if (username) personShadows.write(queryClient, username, (facets) => ({ ...facets, picture: url }));
      }
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
