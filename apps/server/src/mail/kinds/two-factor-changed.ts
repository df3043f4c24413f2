import { homeDateTime } from '../../lib/dates.js';
import type { MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

/** Two-factor sign-in was turned on or off. */
export const twoFactorChangedMail: MailTexts<'two-factor-changed'> = {
  es: ({ username, enabled, at }) => ({
    subject: enabled ? 'Activaste la verificación en dos pasos' : 'Desactivaste la verificación en dos pasos',
    text:
      GREETING.es(username) +
      (enabled
        ? `El ${homeDateTime(at, 'es')} activaste la verificación en dos pasos: al iniciar sesión te pediremos también un código de tu app. Guarda tus códigos de recuperación.`
        : `El ${homeDateTime(at, 'es')} desactivaste la verificación en dos pasos: ya basta tu contraseña para iniciar sesión.`) +
      '\n\nSi no fuiste tú, cambia tu contraseña cuanto antes.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, enabled, at }) => ({
    subject: enabled ? 'You turned on two-step verification' : 'You turned off two-step verification',
    text:
      GREETING.en(username) +
      (enabled
        ? `On ${homeDateTime(at, 'en')} you turned on two-step verification: when you sign in, we’ll also ask for a code from your app. Keep your recovery codes somewhere safe.`
        : `On ${homeDateTime(at, 'en')} you turned off two-step verification: your password alone is now enough to sign in.`) +
      '\n\nIf this wasn’t you, change your password as soon as possible.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, enabled, at }) => ({
    subject: enabled ? 'Tu as activé la validation en deux étapes' : 'Tu as désactivé la validation en deux étapes',
    text:
      GREETING.fr(username) +
      (enabled
        ? `Le ${homeDateTime(at, 'fr')}, tu as activé la validation en deux étapes : à chaque connexion, nous te demanderons aussi un code de ton application. Conserve précieusement tes codes de récupération.`
        : `Le ${homeDateTime(at, 'fr')}, tu as désactivé la validation en deux étapes : ton mot de passe suffit désormais pour te connecter.`) +
      '\n\nSi ce n’était pas toi, change ton mot de passe au plus vite.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, enabled, at }) => ({
    subject: enabled ? 'Du hast die Bestätigung in zwei Schritten aktiviert' : 'Du hast die Bestätigung in zwei Schritten deaktiviert',
    text:
      GREETING.de(username) +
      (enabled
        ? `am ${homeDateTime(at, 'de')} hast du die Bestätigung in zwei Schritten aktiviert: Bei der Anmeldung fragen wir dich künftig zusätzlich nach einem Code aus deiner App. Bewahre deine Wiederherstellungscodes gut auf.`
        : `am ${homeDateTime(at, 'de')} hast du die Bestätigung in zwei Schritten deaktiviert: Zum Anmelden genügt jetzt dein Passwort.`) +
      '\n\nWenn du das nicht warst, ändere so schnell wie möglich dein Passwort.' +
      ACCOUNT_SIGNATURE.de,
  }),
};
