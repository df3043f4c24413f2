import { ProfilePage, type ProfileStories } from '../../features/profile/components/profile-page';
import { Quickyteca } from '../../features/stories/components/quickyteca';
import { lazyScreen } from '../../lib/lazy-screen';

// The story viewer is heavy and opened by a tap: its own chunk.
const StoryViewer = lazyScreen(async () => ({ default: (await import('../../features/stories/components/story-viewer')).StoryViewer }));

const stories: ProfileStories = { Highlights: Quickyteca, Viewer: StoryViewer };

/** A profile with its owner's stories: the two features meet here, not in each other. */
export function ProfileRoute() {
  return <ProfilePage stories={stories} />;
}
