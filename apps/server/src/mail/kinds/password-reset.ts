import type { MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

/** A forgotten password: the single-use link to choose a new one (valid an hour). */
export const passwordResetMail: MailTexts<'password-reset'> = {
  es: ({ username, link }) => ({
    subject: 'Restablece tu contraseña de WAG',
    text:
      `${GREETING.es(username)}Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de WAG. ` +
      `Para elegir una nueva, abre este enlace en la próxima hora:\n\n${link}\n\n` +
      'El enlace sirve una sola vez. Al cambiar la contraseña se cerrará la sesión en todos tus dispositivos. ' +
      'Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, link }) => ({
    subject: 'Reset your WAG password',
    text:
      `${GREETING.en(username)}Someone (hopefully you) asked to reset the password of your WAG account. ` +
      `To choose a new one, open this link within the next hour:\n\n${link}\n\n` +
      'The link works only once. Changing your password signs you out on all your devices. ' +
      'If you didn’t ask for this, ignore this email: your password stays the same.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, link }) => ({
    subject: 'Réinitialise ton mot de passe WAG',
    text:
      `${GREETING.fr(username)}Quelqu’un (toi, nous l’espérons) a demandé à réinitialiser le mot de passe de ton compte WAG. ` +
      `Pour en choisir un nouveau, ouvre ce lien dans l’heure qui vient :\n\n${link}\n\n` +
      'Le lien ne fonctionne qu’une seule fois. Changer de mot de passe te déconnectera de tous tes appareils. ' +
      'Si tu n’es pas à l’origine de cette demande, ignore cet e-mail : ton mot de passe reste le même.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, link }) => ({
    subject: 'Setze dein WAG-Passwort zurück',
    text:
      `${GREETING.de(username)}jemand (hoffentlich du) hat angefordert, das Passwort deines WAG-Kontos zurückzusetzen. ` +
      `Um ein neues zu wählen, öffne innerhalb der nächsten Stunde diesen Link:\n\n${link}\n\n` +
      'Der Link funktioniert nur einmal. Wenn du das Passwort änderst, wirst du auf allen deinen Geräten abgemeldet. ' +
      'Falls du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.' +
      ACCOUNT_SIGNATURE.de,
  }),
};
