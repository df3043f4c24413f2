import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/components/home-page';
import { StoryRow } from '../../features/stories/components/story-row';

// The comments load when someone opens them from the player, not with the home.
const CommentsPanel = lazy(async () => ({ default: (await import('../../features/comments/components/comments-panel')).CommentsPanel }));

function Comments({ postId }: { postId: string }) {
  return (
    <Suspense fallback={null}>
      <CommentsPanel postId={postId} />
    </Suspense>
  );
}

/** '/': the story row above the feed and the comments of the player; the features meet here, not in each other. */
export function HomeRoute() {
  return <HomePage storyRow={<StoryRow />} Comments={Comments} />;
}
