import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { t } from '../../lib/i18n';
import { AGE_KEY, CONSENT_KEY, LEAVE_URL, isAccepted, remember } from './gate-storage';
import './gates.css';

function leaveSite(): void {
  window.location.assign(LEAVE_URL);
}

interface GatesProps {
  children: ReactNode;
  /** Where declining goes; replaced in tests. */
  onLeave?: () => void;
  /** Lets the app through without asking (the public legal documents); the gates come back elsewhere. */
  open?: boolean;
}

/**
 * First the consent gate, then the age warning; the app stays inert behind them until both
 * are accepted, and each acceptance is remembered.
 */
export function Gates({ children, onLeave = leaveSite, open = false }: GatesProps) {
  const [consented, setConsented] = useState(() => isAccepted(CONSENT_KEY));
  const [ageConfirmed, setAgeConfirmed] = useState(() => isAccepted(AGE_KEY));
  const gate = open ? null : !consented ? 'consent' : !ageConfirmed ? 'age' : null;
  const titleId = useId();

  useEffect(() => {
    if (!gate) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [gate]);

  return (
    <>
      <div className="gates__app" inert={gate !== null}>
        {children}
      </div>
      {gate === 'consent' ? (
        <div className="gate" data-testid="consent-gate">
          <div className="gate__card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <Logo size="lg" />
            <h1 id={titleId} className="gate__title">
              {t('gates.consentTitle')}
            </h1>
            <p className="gate__text">{t('gates.consentBody')}</p>
            <p className="gate__text gate__text--muted">{t('gates.consentStorage')}</p>
            <p className="gate__text gate__text--muted gate__links">
              <a href="/legal/privacy">{t('gates.readPrivacy')}</a>
              <a href="/legal/cookies">{t('gates.readCookies')}</a>
            </p>
            <p className="gate__question">{t('gates.consentQuestion')}</p>
            <div className="gate__actions">
              <Button
                size="lg"
                block
                autoFocus
                data-testid="consent-accept"
                onClick={() => {
                  remember(CONSENT_KEY);
                  setConsented(true);
                }}
              >
                {t('gates.consentAccept')}
              </Button>
              <Button size="lg" variant="secondary" block data-testid="consent-decline" onClick={onLeave}>
                {t('gates.consentDecline')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
      {gate === 'age' ? (
        <div className="gate" data-testid="age-gate">
          <div className="gate__card" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
            <div className="gate__age-badge" aria-hidden="true">
              18+
            </div>
            <h1 id={titleId} className="gate__title">
              {t('gates.ageTitle')}
            </h1>
            <p className="gate__text">{t('gates.ageBody')}</p>
            <div className="gate__actions">
              <Button
                size="lg"
                block
                autoFocus
                data-testid="age-confirm"
                onClick={() => {
                  remember(AGE_KEY);
                  setAgeConfirmed(true);
                }}
              >
                {t('gates.ageConfirm')}
              </Button>
              <Button size="lg" variant="secondary" block data-testid="age-leave" onClick={onLeave}>
                {t('gates.ageLeave')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
