import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { useFollow, usePersonFacets } from '../../lib/follow';
import { t } from '../../lib/i18n';
import './follow-button.css';

interface FollowButtonProps {
  username: string;
  isFollowing: boolean;
  /** The person's follower count, where the screen shows it (for the optimistic ±1). */
  followers?: number;
  /** A 401/403 ended the session: show the login prompt. */
  onAuthRequired?: () => void;
  size?: 'sm' | 'md';
  block?: boolean;
}

/**
 * Seguir / Siguiendo (docs/product.md §4): changes at once, is disabled and dimmed while the request
 * runs, and sends guests to /login.
 */
export function FollowButton({ username, isFollowing: own, followers: ownFollowers, onAuthRequired, size = 'md', block }: FollowButtonProps) {
  const { toggle, isPending } = useFollow(username, { onAuthRequired });
  // What every screen shows of this person now, a follow on its way included.
  const { isFollowing, followers } = usePersonFacets(username, { isFollowing: own, followers: ownFollowers });
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      block={block}
      className={`follow-button follow-button--${size}`}
      aria-busy={isPending || undefined}
      data-testid="follow-button"
      data-pending={isPending || undefined}
      disabled={isPending}
      onClick={() => toggle({ isFollowing, followers })}
    >
      <Icon name={isFollowing ? 'userCheck' : 'userPlus'} size={size === 'sm' ? 16 : 18} />
      <span>{isFollowing ? t('follow.following') : t('follow.follow')}</span>
    </Button>
  );
}
