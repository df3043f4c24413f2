import { t } from '../../lib/i18n';
import { Icon } from './icon';
import './verified-badge.css';

/** The verified check next to a name; its label is read out instead of the drawing. */
export function VerifiedBadge({ size = 18 }: { size?: number }) {
  return (
    <span className="verified-badge" role="img" aria-label={t('profile.verified')} title={t('profile.verified')} data-testid="verified-badge">
      <Icon name="verified" size={size} />
    </span>
  );
}
