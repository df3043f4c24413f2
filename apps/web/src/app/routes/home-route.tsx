import { HomePage } from '../../features/home/components/home-page';
import { StoryRow } from '../../features/stories/components/story-row';

/** '/': the story row above the feed; the two features meet here, not in each other. */
export function HomeRoute() {
  return <HomePage storyRow={<StoryRow />} />;
}
