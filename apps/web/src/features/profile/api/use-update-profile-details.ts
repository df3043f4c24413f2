import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserKey, type CurrentUser } from '../../../lib/current-user';
import { personShadows } from '../../../lib/shadows';

export interface ProfileDetails {
  fullName: string;
  bio: string;
}

/** PUT /api/user/profile-details { fullName, bio }; the profile and the menus show the result. */
export function useUpdateProfileDetails(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileDetails) => api('updateProfileDetails', { body }),
    onSuccess: (response, sent) => {
      const saved = response?.user ?? { fullName: sent.fullName || null, bio: sent.bio || null };
      // Every screen showing this person shows the new name and bio.
      personShadows.write(queryClient, username, (facets) => ({ ...facets, fullName: saved.fullName, bio: saved.bio }));
      queryClient.setQueriesData<CurrentUser>({ queryKey: currentUserKey }, (me) =>
        me ? { ...me, fullName: saved.fullName } : me,
      );
    },
  });
}
