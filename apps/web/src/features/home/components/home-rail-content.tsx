import { useRef } from 'react';
import { AppLink } from '../../../lib/app-link';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { useCurrentUser } from '../../../lib/current-user';
import { t } from '../../../lib/i18n';
import { useWagStars } from '../../../lib/queries/wag-stars';
import { profilePath, useSession } from '../../../lib/session';
import './home-rail.css';

/** How many creators the rail suggests; the rest are one tap away on WAG Stars. */
const SUGGESTIONS = 5;

/** The signed-in person (avatar, name, @username, to the profile), or for a guest the way in. */
function RailAccount() {
  const { token, username } = useSession();
  const { data: user } = useCurrentUser();
  const name = user?.username ?? username;
  if (!token || !name) {
    return (
      <section className="home-rail__guest" data-testid="home-rail-guest">
        <p className="home-rail__guest-title">{t('layout.railGuestTitle')}</p>
        <p className="home-rail__guest-hint">{t('nav.guestHint')}</p>
        <div className="home-rail__guest-actions">
          <ButtonLink to="/login" size="md">
            {t('nav.login')}
          </ButtonLink>
          <ButtonLink to="/register" size="md" variant="secondary">
            {t('nav.register')}
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <AppLink to={profilePath(name)} className="home-rail__me" data-testid="home-rail-me">
      <Avatar name={user?.fullName || name} src={user?.profilePictureUrl} size={56} />
      <span className="home-rail__me-text">
        <strong>{user?.fullName || name}</strong>
        <span>@{name}</span>
      </span>
      <span className="home-rail__me-go">{t('layout.railProfile')}</span>
    </AppLink>
  );
}

/**
 * Featured creators the person does not follow yet. Who was followed when the list came is set
 * aside once, so someone followed from here stays in place showing 'Siguiendo' instead of vanishing.
 */
function RailSuggestions() {
  const { username: me } = useSession();
  const stars = useWagStars();
  const followedAtFirst = useRef<Set<string> | null>(null);
  const users = stars.data?.users;
  if (users && !followedAtFirst.current) followedAtFirst.current = new Set(users.filter((star) => star.isFollowedByMe).map((star) => star.username));
  const people = (users ?? [])
    .filter((star) => star.username !== me && !followedAtFirst.current?.has(star.username))
    .slice(0, SUGGESTIONS);
  if (people.length === 0) return null;
  return (
    <section className="home-rail__suggestions" aria-labelledby="home-rail-suggestions">
      <div className="home-rail__heading">
        <h2 id="home-rail-suggestions">{t('layout.railSuggestions')}</h2>
        <AppLink to="/wag-stars">{t('layout.railSeeAll')}</AppLink>
      </div>
      <ul>
        {people.map((star) => (
          <li key={star.id} data-testid="home-rail-suggestion">
            <AppLink to={profilePath(star.username)} className="home-rail__person">
              <Avatar name={star.fullName || star.username} src={star.profilePictureUrl} size={40} />
              <span className="home-rail__person-text">
                <strong>
                  {star.fullName || star.username}
                  {star.isVerified ? <VerifiedBadge size={14} /> : null}
                </strong>
                <span>@{star.username}</span>
              </span>
            </AppLink>
            <FollowButton username={star.username} isFollowing={star.isFollowedByMe} followers={star.followers} size="sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the rail holds: who you are, and creators to follow. */
export function HomeRailContent() {
  return (
    <>
      <RailAccount />
      <RailSuggestions />
    </>
  );
}
