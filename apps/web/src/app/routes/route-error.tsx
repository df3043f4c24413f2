import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import './status-page.css';

/** Shown inside the shell when a screen fails to load or to render (e.g. a chunk from an old deploy). */
export function RouteError() {
  return (
    <section className="status-page" role="alert">
      <div className="status-page__icon">
        <Icon name="alert" size={30} />
      </div>
      <h1>{t('errors.crashTitle')}</h1>
      <p>{t('errors.crashBody')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </section>
  );
}

interface BoundaryProps {
  /** The shown location's key: another page shows its screen again instead of the error. */
  resetKey: string | undefined;
  children: ReactNode;
}

/** Catches what a screen throws while it loads or renders and shows RouteError in its place, until the next navigation. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string | undefined }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A screen threw nothing') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | undefined }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
