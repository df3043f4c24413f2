import { homeDateTime } from '../../lib/dates.js';
import type { MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

/** The link confirming an address: the one an account registered with, or a new one asked for (valid a day). */
export const emailConfirmMail: MailTexts<'email-confirm'> = {
  es: ({ username, purpose, link }) => ({
    subject: purpose === 'registration' ? 'Confirma tu correo de WAG' : 'Confirma tu nuevo correo de WAG',
    text:
      GREETING.es(username) +
      (purpose === 'registration'
        ? 'Gracias por unirte a WAG. Para confirmar que este correo es tuyo, abre este enlace en las próximas 24 horas:'
        : 'Pediste usar este correo en tu cuenta de WAG. Para confirmarlo, abre este enlace en las próximas 24 horas:') +
      `\n\n${link}\n\n` +
      (purpose === 'registration'
        ? 'Si no creaste una cuenta en WAG, ignora este correo.'
        : 'Tu cuenta seguirá usando el correo anterior hasta que abras el enlace. Si no lo pediste tú, ignora este correo.') +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, purpose, link }) => ({
    subject: purpose === 'registration' ? 'Confirm your WAG email' : 'Confirm your new WAG email',
    text:
      GREETING.en(username) +
      (purpose === 'registration'
        ? 'Thanks for joining WAG. To confirm this email address is yours, open this link within the next 24 hours:'
        : 'You asked to use this email address for your WAG account. To confirm it, open this link within the next 24 hours:') +
      `\n\n${link}\n\n` +
      (purpose === 'registration'
        ? 'If you didn’t create a WAG account, you can ignore this email.'
        : 'Your account keeps using your previous email until you open the link. If you didn’t ask for this, you can ignore this email.') +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, purpose, link }) => ({
    subject: purpose === 'registration' ? 'Confirme ton adresse e-mail WAG' : 'Confirme ta nouvelle adresse e-mail WAG',
    text:
      GREETING.fr(username) +
      (purpose === 'registration'
        ? 'Merci d’avoir rejoint WAG. Pour confirmer que cette adresse est bien la tienne, ouvre ce lien dans les prochaines 24 heures :'
        : 'Tu as demandé à utiliser cette adresse pour ton compte WAG. Pour la confirmer, ouvre ce lien dans les prochaines 24 heures :') +
      `\n\n${link}\n\n` +
      (purpose === 'registration'
        ? 'Si tu n’as pas créé de compte WAG, ignore cet e-mail.'
        : 'Ton compte garde ton ancienne adresse tant que tu n’as pas ouvert le lien. Si tu n’es pas à l’origine de cette demande, ignore cet e-mail.') +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, purpose, link }) => ({
    subject: purpose === 'registration' ? 'Bestätige deine E-Mail-Adresse für WAG' : 'Bestätige deine neue E-Mail-Adresse für WAG',
    text:
      GREETING.de(username) +
      (purpose === 'registration'
        ? 'danke, dass du bei WAG dabei bist. Um zu bestätigen, dass diese Adresse dir gehört, öffne innerhalb der nächsten 24 Stunden diesen Link:'
        : 'du möchtest diese Adresse für dein WAG-Konto verwenden. Um sie zu bestätigen, öffne innerhalb der nächsten 24 Stunden diesen Link:') +
      `\n\n${link}\n\n` +
      (purpose === 'registration'
        ? 'Falls du kein WAG-Konto erstellt hast, ignoriere diese E-Mail.'
        : 'Bis du den Link öffnest, verwendet dein Konto weiter die bisherige Adresse. Falls du das nicht angefordert hast, ignoriere diese E-Mail.') +
      ACCOUNT_SIGNATURE.de,
  }),
};

/** To the old address: a change to `newEmail` was asked for, and how to stop it. */
export const emailChangeRequestedMail: MailTexts<'email-change-requested'> = {
  es: ({ username, newEmail, at }) => ({
    subject: 'Se pidió cambiar el correo de tu cuenta de WAG',
    text:
      `${GREETING.es(username)}El ${homeDateTime(at, 'es')} se pidió cambiar el correo de tu cuenta a ${newEmail}. ` +
      'El cambio se hará cuando se abra el enlace que enviamos a esa dirección.\n\n' +
      'Si no fuiste tú, cambia tu contraseña cuanto antes en Ajustes › Cuenta › Contraseña y seguridad, o restablécela con «¿Olvidaste tu contraseña?»: ' +
      'el cambio de correo se cancelará y se cerrarán las demás sesiones.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, newEmail, at }) => ({
    subject: 'Someone asked to change the email of your WAG account',
    text:
      `${GREETING.en(username)}On ${homeDateTime(at, 'en')} someone asked to change your account’s email to ${newEmail}. ` +
      'The change happens once the link we sent to that address is opened.\n\n' +
      'If this wasn’t you, change your password as soon as possible in Settings › Account › Password and security, or reset it with “Forgot your password?”: ' +
      'the email change will be cancelled and your other sessions signed out.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, newEmail, at }) => ({
    subject: 'Une demande de changement d’adresse e-mail pour ton compte WAG',
    text:
      `${GREETING.fr(username)}Le ${homeDateTime(at, 'fr')}, quelqu’un a demandé à remplacer l’adresse e-mail de ton compte par ${newEmail}. ` +
      'Le changement aura lieu dès que le lien envoyé à cette adresse sera ouvert.\n\n' +
      'Si ce n’était pas toi, change ton mot de passe au plus vite dans Paramètres › Compte › Mot de passe et sécurité, ou réinitialise-le avec « Mot de passe oublié ? » : ' +
      'le changement d’adresse sera annulé et tes autres sessions seront fermées.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, newEmail, at }) => ({
    subject: 'Änderung der E-Mail-Adresse deines WAG-Kontos angefordert',
    text:
      `${GREETING.de(username)}am ${homeDateTime(at, 'de')} wurde angefordert, die E-Mail-Adresse deines Kontos in ${newEmail} zu ändern. ` +
      'Die Änderung wird wirksam, sobald der Link geöffnet wird, den wir an diese Adresse geschickt haben.\n\n' +
      'Falls du das nicht warst, ändere so schnell wie möglich dein Passwort unter Einstellungen › Konto › Passwort und Sicherheit oder setze es über „Passwort vergessen?“ zurück: ' +
      'Dann wird die Änderung abgebrochen und deine anderen Sitzungen werden beendet.' +
      ACCOUNT_SIGNATURE.de,
  }),
};

/** To the old address: the account's address is now `newEmail`. */
export const emailChangedMail: MailTexts<'email-changed'> = {
  es: ({ username, newEmail, at }) => ({
    subject: 'El correo de tu cuenta de WAG ha cambiado',
    text:
      `${GREETING.es(username)}Desde el ${homeDateTime(at, 'es')}, el correo de tu cuenta de WAG es ${newEmail}. ` +
      'Este correo ya no recibirá mensajes de tu cuenta.\n\nSi no fuiste tú, escríbenos desde esta dirección a soporte@wag.app y te ayudaremos a recuperar tu cuenta.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, newEmail, at }) => ({
    subject: 'The email of your WAG account has changed',
    text:
      `${GREETING.en(username)}Since ${homeDateTime(at, 'en')}, the email of your WAG account is ${newEmail}. ` +
      'This address will no longer receive messages about your account.\n\nIf this wasn’t you, write to soporte@wag.app from this address and we’ll help you get your account back.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, newEmail, at }) => ({
    subject: 'L’adresse e-mail de ton compte WAG a changé',
    text:
      `${GREETING.fr(username)}Depuis le ${homeDateTime(at, 'fr')}, l’adresse e-mail de ton compte WAG est ${newEmail}. ` +
      'Cette adresse ne recevra plus de messages concernant ton compte.\n\nSi ce n’était pas toi, écris-nous depuis cette adresse à soporte@wag.app et nous t’aiderons à récupérer ton compte.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, newEmail, at }) => ({
    subject: 'Die E-Mail-Adresse deines WAG-Kontos wurde geändert',
    text:
      `${GREETING.de(username)}seit ${homeDateTime(at, 'de')} lautet die E-Mail-Adresse deines WAG-Kontos ${newEmail}. ` +
      'An diese Adresse schicken wir keine Nachrichten zu deinem Konto mehr.\n\nFalls du das nicht warst, schreib uns von dieser Adresse an soporte@wag.app, und wir helfen dir, dein Konto zurückzubekommen.' +
      ACCOUNT_SIGNATURE.de,
  }),
};
