import { useId, type ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { Icon, type IconName } from './icon';
import './construction-panel.css';

interface ConstructionPanelProps {
  icon: IconName;
  title: string;
  /** What this screen will hold once it is built. */
  body: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A screen that is not built yet says so, and what it will hold; it never shows made-up content. */
export function ConstructionPanel({ icon, title, body, children, actions }: ConstructionPanelProps) {
  const titleId = useId();
  return (
    <section className="construction" aria-labelledby={titleId} data-testid="under-construction">
      <div className="construction__glow" aria-hidden="true" />
      <div className="construction__icon">
        <Icon name={icon} size={30} />
      </div>
      <span className="construction__badge">
        <Icon name="tool" size={14} />
        {t('app.comingSoonBadge')}
      </span>
      <h1 id={titleId} className="construction__title">
        {title}
      </h1>
      <p className="construction__lead">{t('comingSoon.lead')}</p>
      <div className="construction__card">
        <h2 className="construction__card-title">{t('comingSoon.whatsComing')}</h2>
        <p className="construction__body">{body}</p>
        {children}
      </div>
      {actions ? <div className="construction__actions">{actions}</div> : null}
    </section>
  );
}
