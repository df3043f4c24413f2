import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon';
import { Logo } from '../../../components/ui/logo';
import { t, type MessageKey } from '../../../lib/i18n';
import './auth.css';

const highlights: { icon: IconName; title: MessageKey; body: MessageKey }[] = [
  { icon: 'quickys', title: 'home.featureQuickysTitle', body: 'home.featureQuickysBody' },
  { icon: 'camera', title: 'home.featureStoriesTitle', body: 'home.featureStoriesBody' },
  { icon: 'star', title: 'home.featureStarsTitle', body: 'home.featureStarsBody' },
];

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}

/** Login and register: the form card, with what WAG offers beside it on wide screens. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  const titleId = useId();
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <Logo size="lg" />
        <ul className="auth__highlights">
          {highlights.map((item) => (
            <li key={item.title}>
              <span className="auth__highlight-icon">
                <Icon name={item.icon} size={20} />
              </span>
              <span>
                <strong>{t(item.title)}</strong>
                <span className="auth__highlight-body">{t(item.body)}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="auth__adult">
          <span className="auth__adult-badge">18+</span>
          {t('footer.adultsOnly')}
        </p>
      </aside>
      <section className="auth__card" aria-labelledby={titleId}>
        <h1 id={titleId} className="auth__title">
          {title}
        </h1>
        <p className="auth__subtitle">{subtitle}</p>
        {children}
        <p className="auth__switch">{footer}</p>
      </section>
    </div>
  );
}

/** The form-level error, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth__error" role="alert" data-testid="form-error">
      <Icon name="alert" size={18} />
      <span>{message}</span>
    </p>
  );
}
