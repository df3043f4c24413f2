import { AppLink } from '../../lib/app-link';
import { Logo } from '../../components/ui/logo';
import { t } from '../../lib/i18n';
import './footer.css';

export function Footer() {
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.links')}>
          <ul className="footer__links">
            <li>
              <AppLink to="/wag-stars">{t('footer.wagStars')}</AppLink>
            </li>
            <li>
              <AppLink to="/settings">{t('footer.settings')}</AppLink>
            </li>
            <li>
              <AppLink to="/settings/about">{t('footer.about')}</AppLink>
            </li>
            <li>
              <AppLink to="/legal/terms">{t('footer.terms')}</AppLink>
            </li>
            <li>
              <AppLink to="/legal/privacy">{t('footer.privacy')}</AppLink>
            </li>
            <li>
              <AppLink to="/legal/cookies">{t('footer.cookies')}</AppLink>
            </li>
          </ul>
        </nav>
        <p className="footer__legal">
          <span className="footer__badge">18+</span>
          {t('footer.adultsOnly')}
        </p>
        <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
