import type { WagStar } from '@wag/contract/profiles';
import { useState } from 'react';
import { AppLink } from '../../../lib/app-link';
import { FollowButton } from '../../../components/social/follow-button';
import { LoginPromptModal } from '../../../components/social/login-prompt-modal';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { RichText } from '../../../components/ui/rich-text';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePersonFacets } from '../../../lib/follow';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useWagStars } from '../../../lib/queries/wag-stars';
import './wag-stars-page.css';

function StarCard({ star, isMe, onAuthRequired }: { star: WagStar; isMe: boolean; onAuthRequired: () => void }) {
  const name = star.fullName?.trim() || star.username;
  const { followers } = usePersonFacets(star.username, { followers: star.followers });
  const profile = `/${encodeURIComponent(star.username)}`;
  return (
    <li className="star-card" data-testid="wag-star" data-username={star.username}>
      <AppLink to={profile} className="star-card__head" aria-label={t('wagStars.viewProfile', { username: star.username })}>
        <span className="star-card__ring">
          <Avatar name={name} src={star.profilePictureUrl} size={88} />
        </span>
      </AppLink>
      <div className="star-card__names">
        <AppLink to={profile} className="star-card__name">
          <span className="star-card__name-text">{name}</span>
          {star.isVerified ? <VerifiedBadge size={17} /> : null}
        </AppLink>
        <span className="star-card__handle">@{star.username}</span>
      </div>
      <p className="star-card__counts">
        <span data-testid="wag-star-followers">
          {t('wagStars.followers', { count: followers })}
        </span>
        <span aria-hidden="true">·</span>
        <span>{t('wagStars.posts', { count: star.posts })}</span>
      </p>
      {star.bio?.trim() ? <p className="star-card__bio"><RichText text={star.bio} /></p> : null}
      <div className="star-card__action">
        {isMe ? null : (
          <FollowButton
            username={star.username}
            isFollowing={star.isFollowedByMe}
            followers={star.followers}
            onAuthRequired={onAuthRequired}
            block
          />
        )}
      </div>
    </li>
  );
}

/** /wag-stars: the featured creators with a follow button each. */
export function WagStarsPage() {
  useDocumentTitle(t('wagStars.title'));
  const stars = useWagStars();
  const { username: me } = useSession();
  const [promptOpen, setPromptOpen] = useState(false);

  let body;
  if (stars.isPending) {
    body = (
      <p className="wag-stars__status" role="status">
        {t('wagStars.loading')}
      </p>
    );
  } else if (stars.isError) {
    body = (
      <div className="wag-stars__status">
        <p role="alert">{t('wagStars.failed')}</p>
        <Button variant="secondary" onClick={() => void stars.refetch()}>
          {t('wagStars.retry')}
        </Button>
      </div>
    );
  } else if (stars.data.users.length === 0) {
    body = <p className="wag-stars__status">{t('wagStars.empty')}</p>;
  } else {
    body = (
      <ul className="wag-stars__grid" data-testid="wag-stars">
        {stars.data.users.map((star) => (
          <StarCard
            key={star.id}
            star={star}
            isMe={me !== null && me.toLowerCase() === star.username.toLowerCase()}
            onAuthRequired={() => setPromptOpen(true)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="wag-stars" data-testid="wag-stars-page">
      <header className="wag-stars__header">
        <span className="wag-stars__icon" aria-hidden="true">
          <Icon name="star" size={26} />
        </span>
        <div>
          <h1 className="wag-stars__title">{t('wagStars.title')}</h1>
          <p className="wag-stars__subtitle">{t('wagStars.subtitle')}</p>
        </div>
      </header>
      {body}
      {promptOpen ? <LoginPromptModal onClose={() => setPromptOpen(false)} /> : null}
    </section>
  );
}
