import { homeDateTime } from '../../lib/dates.js';
import type { Language } from '@wag/contract/preferences-rules';
import { deviceName, placeName } from '../../lib/session-device.js';
import type { MailOf, MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

const what = (device: MailOf<'new-sign-in'>['device'], language: Language) => (typeof device === 'string' ? device : deviceName(device, language));
const where = (location: MailOf<'new-sign-in'>['location'], language: Language) => {
  const name = typeof location === 'string' ? location : placeName(location, language);
  return name ? ` (${name})` : '';
};

/** A sign-in from a browser and address the account had not used: when, what and where, and what to do if it was not them. */
export const newSignInMail: MailTexts<'new-sign-in'> = {
  es: ({ username, device, location, at }) => ({
    subject: 'Nuevo inicio de sesión en tu cuenta de WAG',
    text:
      `${GREETING.es(username)}Alguien inició sesión en tu cuenta el ${homeDateTime(at, 'es')} desde ${what(device, 'es')}${where(location, 'es')}, ` +
      'un dispositivo que no habíamos visto antes.\n\nSi fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña en ' +
      'Ajustes › Cuenta › Contraseña y seguridad y cierra las sesiones que no reconozcas en Actividad de inicio de sesión.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, device, location, at }) => ({
    subject: 'New sign-in to your WAG account',
    text:
      `${GREETING.en(username)}Someone signed in to your account on ${homeDateTime(at, 'en')} from ${what(device, 'en')}${where(location, 'en')}, ` +
      'a device we hadn’t seen before.\n\nIf it was you, there’s nothing you need to do. If not, change your password in ' +
      'Settings › Account › Password and security and sign out of any sessions you don’t recognise in Login activity.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, device, location, at }) => ({
    subject: 'Nouvelle connexion à ton compte WAG',
    text:
      `${GREETING.fr(username)}Quelqu’un s’est connecté à ton compte le ${homeDateTime(at, 'fr')} depuis ${what(device, 'fr')}${where(location, 'fr')}, ` +
      'un appareil que nous n’avions encore jamais vu.\n\nSi c’était toi, tu n’as rien à faire. Sinon, change ton mot de passe dans ' +
      'Paramètres › Compte › Mot de passe et sécurité et ferme les sessions que tu ne reconnais pas dans Activité de connexion.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, device, location, at }) => ({
    subject: 'Neue Anmeldung bei deinem WAG-Konto',
    text:
      `${GREETING.de(username)}jemand hat sich am ${homeDateTime(at, 'de')} mit ${what(device, 'de')}${where(location, 'de')} bei deinem Konto angemeldet, ` +
      'einem Gerät, das wir bisher nicht kannten.\n\nWarst du das, musst du nichts tun. Falls nicht, ändere dein Passwort unter ' +
      'Einstellungen › Konto › Passwort und Sicherheit und beende unter Anmeldeaktivität alle Sitzungen, die du nicht erkennst.' +
      ACCOUNT_SIGNATURE.de,
  }),
};
