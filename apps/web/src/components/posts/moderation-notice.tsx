import type { ModerationMark } from '@wag/contract/common';
import { AppLink } from '../../lib/app-link';
import { t } from '../../lib/i18n';
import { Icon } from '../ui/icon';
import './moderation-notice.css';

/**
 * What the owner of held or taken-down content sees on it (others never get it): "Retirado por
 * moderación" and the reason, with the way to the decision and its appeal.
 */
export function ModerationNotice({ mark }: { mark: ModerationMark }) {
  return (
    <div className="moderation-notice" role="note" data-testid="moderation-notice">
      <Icon name="alert" size={18} />
      <div>
        <strong>{mark.state === 'removed' ? t('moderationMark.removed') : t('moderationMark.held')}</strong>
        {mark.reason ? <p className="moderation-notice__reason">{t('moderationMark.reason', { reason: mark.reason })}</p> : null}
        {mark.state === 'removed' ? (
          <AppLink to="/settings/privacy-security/moderation-decisions" className="moderation-notice__link">
            {t('moderationMark.seeDecision')}
          </AppLink>
        ) : null}
      </div>
    </div>
  );
}
