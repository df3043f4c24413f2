import { ExploreQuickysPage } from '../../features/quicky/components/explore-quickys-page';
import { LazyComments } from './lazy-comments';

/** /quickys with the comments of its player: the two features meet here, not in each other. */
export function QuickysRoute() {
  return <ExploreQuickysPage Comments={LazyComments} />;
}
