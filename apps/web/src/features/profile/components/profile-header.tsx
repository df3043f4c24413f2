import type { ProfileResponse } from '@wag/contract/profiles';
import { useId } from 'react';
import { AppLink } from '../../../lib/app-link';
import { FollowButton } from '../../../components/social/follow-button';
import { MoreMenu, personItems } from '../../../components/social/more-menu';
import { useCreateAction } from '../../../components/create/create-entry';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { RichText } from '../../../components/ui/rich-text';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { formatCount } from '../../../lib/format';
import { usePersonFacets } from '../../../lib/follow';
import { t } from '../../../lib/i18n';

interface ProfileHeaderProps {
  profile: ProfileResponse;
  onEdit: () => void;
  onAuthRequired: () => void;
  /** Opens the story viewer on this person's active stories. */
  onOpenStories: () => void;
  /** 'Comprar Story': whether there is something to buy now, and why not. */
  buyStory: BuyStoryState;
  onBuyStory: () => void;
}

export interface BuyStoryState {
  available: boolean;
  /** Why there is nothing to buy (no VIP offer, no locked stories); none while it is being read. */
  reason?: string;
}

function Stat({ value, label, to, testId }: { value: number; label: string; to?: string; testId: string }) {
  const content = (
    <>
      <strong className="profile-stat__value">{formatCount(value)}</strong>
      <span className="profile-stat__label">{label}</span>
    </>
  );
  return (
    <li className="profile-stat" data-testid={testId} data-value={value}>
      {to ? (
        <AppLink to={to} className="profile-stat__link">
          {content}
        </AppLink>
      ) : (
        <span className="profile-stat__link">{content}</span>
      )}
    </li>
  );
}

/** Avatar (ring when stories are active), name, badge, handle, stats, bio and the actions. */
export function ProfileHeader({ profile, onEdit, onAuthRequired, onOpenStories, buyStory, onBuyStory }: ProfileHeaderProps) {
  const buyReasonId = useId();
  const create = useCreateAction();
  const { user, isOwner } = profile;
  // The counts as every screen shows them now, a follow on its way (here or elsewhere) included.
  const { isFollowing, followers, following } = usePersonFacets(user.username, {
    isFollowing: profile.isFollowing,
    followers: profile.stats.followers,
    following: profile.stats.following,
  });
  const stats = { ...profile.stats, followers, following };
  const name = user.fullName?.trim() || user.username;
  const base = `/${encodeURIComponent(user.username)}`;
  const bio = user.bio?.trim();

  return (
    <header className="profile-head" data-testid="profile-header">
      <div className="profile-head__avatar">
        {user.hasActiveStories ? (
          <button
            type="button"
            className="profile-ring profile-ring--active profile-ring--button"
            data-testid="profile-avatar"
            data-active-stories
            aria-label={t('stories.viewerLabel', { username: user.username })}
            onClick={onOpenStories}
          >
            <Avatar name={name} src={user.profilePictureUrl} size={96} />
          </button>
        ) : (
          <span className="profile-ring" data-testid="profile-avatar" data-active-stories={false}>
            <Avatar name={name} src={user.profilePictureUrl} size={96} />
          </span>
        )}
        {isOwner ? (
          <AppLink
            to="/edit-profile-picture"
            className="profile-head__camera"
            aria-label={t('profile.changePhoto')}
            title={t('profile.changePhoto')}
            data-testid="change-photo-link"
          >
            <Icon name="camera" size={16} />
          </AppLink>
        ) : null}
      </div>

      <div className="profile-head__identity">
        <h1 className="profile-head__name">
          <span data-testid="profile-name">{name}</span>
          {user.isVerified ? <VerifiedBadge size={20} /> : null}
        </h1>
        <p className="profile-head__handle" data-testid="profile-username">
          @{user.username}
        </p>
        <ul className="profile-stats" aria-label={t('profile.stats', { username: user.username })}>
          <Stat value={stats.posts} label={t('profile.posts', { count: stats.posts })} testId="stat-posts" />
          <Stat value={stats.followers} label={t('profile.followers', { count: stats.followers })} to={`${base}/followers`} testId="stat-followers" />
          <Stat value={stats.following} label={t('profile.following')} to={`${base}/following`} testId="stat-following" />
        </ul>
      </div>

      <p className={bio ? 'profile-head__bio' : 'profile-head__bio profile-head__bio--empty'} data-testid="profile-bio">
        {bio ? <RichText text={bio} /> : isOwner ? t('profile.bioFallbackOwner') : t('profile.bioFallback')}
      </p>

      <div className="profile-head__actions" role="group" aria-label={t('profile.actions')}>
        {isOwner ? (
          <>
            <Button onClick={create} data-testid="profile-create">
              <Icon name="plus" size={17} />
              {t('create.button')}
            </Button>
            <Button variant="secondary" onClick={onEdit} data-testid="edit-profile-button">
              <Icon name="edit" size={17} />
              {t('profile.editProfile')}
            </Button>
            <Button
              variant="secondary"
              disabled={!user.hasActiveStories}
              title={user.hasActiveStories ? undefined : t('profile.noActiveStory')}
              onClick={onOpenStories}
              data-testid="view-story-button"
            >
              <Icon name="eye" size={17} />
              {t('profile.viewStory')}
            </Button>
            <ButtonLink variant="secondary" to="/saved" data-testid="saved-link">
              <Icon name="bookmark" size={17} />
              {t('saved.link')}
            </ButtonLink>
          </>
        ) : (
          <>
            <FollowButton
              username={user.username}
              isFollowing={isFollowing}
              followers={stats.followers}
              onAuthRequired={onAuthRequired}
            />
            <ButtonLink variant="secondary" to={`/messages?to=${encodeURIComponent(user.username)}`} data-testid="message-link">
              <Icon name="message" size={17} />
              {t('profile.message')}
            </ButtonLink>
            <Button
              variant="secondary"
              disabled={!buyStory.available}
              title={buyStory.reason}
              aria-describedby={buyStory.reason ? buyReasonId : undefined}
              onClick={onBuyStory}
              data-testid="buy-story-button"
            >
              <Icon name="bag" size={17} />
              {t('profile.buyStory')}
            </Button>
            {buyStory.reason ? (
              <span id={buyReasonId} className="visually-hidden">
                {buyStory.reason}
              </span>
            ) : null}
            <MoreMenu items={personItems(user.username)} testId="profile-menu" />
          </>
        )}
      </div>
    </header>
  );
}
