import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Icon, type IconName } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { StoryRow } from '../../stories/components/story-row';
import './home-page.css';

const features: { icon: IconName; title: MessageKey; body: MessageKey; to: string }[] = [
  { icon: 'quickys', title: 'home.featureQuickysTitle', body: 'home.featureQuickysBody', to: '/quickys' },
  { icon: 'camera', title: 'home.featureStoriesTitle', body: 'home.featureStoriesBody', to: '/wag-stars' },
  { icon: 'star', title: 'home.featureStarsTitle', body: 'home.featureStarsBody', to: '/wag-stars' },
];

/** Home until 'Tu Feed' is built: a welcome that says so, with ways to start exploring. */
export function HomePage() {
  useDocumentTitle(t('home.feedTitle'));
  const { token, username } = useSession();
  const signedIn = token !== null && username !== null;

  return (
    <div className="home" data-testid="home-welcome">
      <StoryRow />
      <section className="home__hero" aria-labelledby="home-title">
        <div className="home__hero-glow" aria-hidden="true" />
        <span className="home__badge">
          <Icon name="tool" size={14} />
          {t('home.feedTitle')} · {t('app.comingSoonBadge')}
        </span>
        <h1 id="home-title" className="home__title">
          {signedIn ? t('home.greetingUser', { username }) : t('home.greetingGuest')}
        </h1>
        <p className="home__lead">{t('home.lead')}</p>
        {signedIn ? null : <p className="home__lead home__lead--muted">{t('home.leadGuest')}</p>}
        <div className="home__actions">
          <ButtonLink to="/quickys" size="lg">
            <Icon name="quickys" size={20} />
            {t('home.exploreQuickys')}
          </ButtonLink>
          <ButtonLink to="/wag-stars" size="lg" variant="secondary">
            <Icon name="star" size={20} />
            {t('home.discoverStars')}
          </ButtonLink>
        </div>
        {signedIn ? null : (
          <p className="home__auth">
            <Link to="/register">{t('nav.register')}</Link>
            <span aria-hidden="true">·</span>
            <Link to="/login">{t('nav.login')}</Link>
          </p>
        )}
      </section>

      <ul className="home__features">
        {features.map((feature) => (
          <li key={feature.title}>
            <Link to={feature.to} className="home__feature">
              <span className="home__feature-icon">
                <Icon name={feature.icon} size={22} />
              </span>
              <span className="home__feature-title">{t(feature.title)}</span>
              <span className="home__feature-body">{t(feature.body)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
