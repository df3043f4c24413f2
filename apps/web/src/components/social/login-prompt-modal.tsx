import { ButtonLink } from '../ui/button';
import { Logo } from '../ui/logo';
import { Modal } from '../ui/modal';
import { t } from '../../lib/i18n';
import { useLoginLinks } from '../../lib/login-return';
import './login-prompt-modal.css';

/** Invites a visitor (or someone whose session ended) to sign in or create an account. */
export function LoginPromptModal({ onClose, username }: { onClose: () => void; username?: string }) {
  const links = useLoginLinks();
  return (
    <Modal
      title={t('loginPrompt.title')}
      description={username ? t('loginPrompt.bodyWithUser', { username }) : t('loginPrompt.body')}
      onClose={onClose}
      testId="login-prompt"
      size="sm"
    >
      <div className="login-prompt__logo" aria-hidden="true">
        <Logo size="lg" />
      </div>
      <div className="login-prompt__actions">
        <ButtonLink to={links.login} size="lg" block>
          {t('loginPrompt.login')}
        </ButtonLink>
        <ButtonLink to={links.register} variant="secondary" size="lg" block>
          {t('loginPrompt.register')}
        </ButtonLink>
        <button type="button" className="login-prompt__later" onClick={onClose}>
          {t('loginPrompt.later')}
        </button>
      </div>
    </Modal>
  );
}
