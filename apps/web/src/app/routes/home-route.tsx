import { HomePage } from '../../features/home/components/home-page';
import { StoryRow } from '../../features/stories/components/story-row';
import { LazyComments } from './lazy-comments';

/** '/': the story row above the feed and the comments of the player; the features meet here, not in each other. */
export function HomeRoute() {
  return <HomePage storyRow={<StoryRow />} Comments={LazyComments} />;
}
