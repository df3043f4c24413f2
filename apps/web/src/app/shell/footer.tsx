import { Link } from 'react-router';
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
              <Link to="/wag-stars">{t('footer.wagStars')}</Link>
            </li>
            <li>
              <Link to="/settings">{t('footer.settings')}</Link>
            </li>
            <li>
              <Link to="/settings/about">{t('footer.about')}</Link>
            </li>
            <li>
              <Link to="/legal/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/legal/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/legal/cookies">{t('footer.cookies')}</Link>
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
