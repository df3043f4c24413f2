import { AppLink } from '../../lib/app-link';
import { Icon } from './icon';
import './page-header.css';

/** A settings-style page's top: the way back, the title and what the page is for. */
export function PageHeader({ back, title, subtitle }: { back?: { to: string; label: string }; title: string; subtitle?: string }) {
  return (
    <header className="page-header">
      {back ? (
        <AppLink to={back.to} className="page-header__back">
          <Icon name="chevronLeft" size={20} />
          {back.label}
        </AppLink>
      ) : null}
      <h1 className="page-header__title">{title}</h1>
      {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
    </header>
  );
}
