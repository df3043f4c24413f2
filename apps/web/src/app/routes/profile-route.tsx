import { usernameProblem } from '@wag/contract/account-rules';
import { useParams } from 'react-router';
import { ProfilePage, type ProfileStories } from '../../features/profile/components/profile-page';
import { useStoryGroups } from '../../features/stories/api/use-stories';
import { Quickyteca } from '../../features/stories/components/quickyteca';
import { lazyScreen } from '../../lib/lazy-screen';

// The story viewer is heavy and opened by a tap: its own chunk.
const StoryViewer = lazyScreen(async () => ({ default: (await import('../../features/stories/components/story-viewer')).StoryViewer }));

const stories: ProfileStories = { Highlights: Quickyteca, Viewer: StoryViewer };

/**
 * Asks for the Quickyteca's answer with the profile's (by the address's name, as index.html's script
 * asked it), not once the profile has rendered: the block then comes whole with the profile instead of
 * growing under it a moment later, pushing the tabs down (a layout shift). It renders nothing, and is
 * its own component so that the answer's arrival renders nothing else again.
 */
function StoryGroupsWithProfile() {
  const { username = '' } = useParams();
  const problem = usernameProblem(username);
  useStoryGroups(problem === 'format' || problem === 'missing' ? null : username);
  return null;
}

/** A profile with its owner's stories: the two features meet here, not in each other. */
export function ProfileRoute() {
  return (
    <>
      <StoryGroupsWithProfile />
      <ProfilePage stories={stories} />
    </>
  );
}
