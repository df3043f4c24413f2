import type { ReportSubjectType } from '@wag/contract/moderation-rules';
import { suspensionSpan } from '../lib/spanish-date.js';

/**
 * Every message WAG sends by email, one typed union (as the job payloads are), each written in Spanish
 * by `composeMail`. A message is queued with everything it needs, so sending it later (a job, after
 * the commit) reads nothing else.
 */
export type MailMessage =
  /** A sign-in from a browser and address the account had not used: when, what and where, and what to do if it was not them. */
  | { kind: 'new-sign-in'; to: string; username: string; device: string; location: string | null; at: string }
  /** Two-factor sign-in was turned on or off. */
  | { kind: 'two-factor-changed'; to: string; username: string; enabled: boolean; at: string }
  /** The link confirming an address: the one an account registered with, or a new one asked for (valid a day). */
  | { kind: 'email-confirm'; to: string; username: string; purpose: 'registration' | 'change'; link: string }
  /** To the old address: a change to `newEmail` was asked for, and how to stop it. */
  | { kind: 'email-change-requested'; to: string; username: string; newEmail: string; at: string }
  /** To the old address: the account's address is now `newEmail`. */
  | { kind: 'email-changed'; to: string; username: string; newEmail: string; at: string }
  /** A forgotten password: the single-use link to choose a new one (valid an hour). */
  | { kind: 'password-reset'; to: string; username: string; link: string }
  /** A guest who reported something (with a contact address) hears what a moderator decided. */
  | { kind: 'report-decided'; to: string; subjectType: ReportSubjectType; outcome: 'takedown' | 'suspend' | 'dismiss' | 'restore' | 'unsuspend' }
  /**
   * The owner of content or of an account hears a decision about it and why: a takedown or a
   * suspension (which they may appeal once), or what came of their appeal (final).
   */
  | {
      kind: 'moderation-decision';
      to: string;
      username: string;
      subjectType: ReportSubjectType;
      action: 'takedown' | 'suspend' | 'restore' | 'unsuspend' | 'dismiss';
      reason: string;
      /** A suspension's end (ISO); null when open-ended or not a suspension. */
      until: string | null;
      /** 'possible': they may appeal once; 'final': this answers their appeal. */
      appeal: 'possible' | 'final' | 'none';
    };

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
}

const THING: Record<ReportSubjectType, { a: string; your: string }> = {
  user: { a: 'un perfil', your: 'tu cuenta' },
  post: { a: 'una publicación', your: 'tu publicación' },
  comment: { a: 'un comentario', your: 'tu comentario' },
  story: { a: 'una historia', your: 'tu historia' },
  message: { a: 'un mensaje', your: 'tu mensaje' },
};

const SIGNATURE = '\n\nEl equipo de moderación de WAG\n(Este mensaje se envió automáticamente; no respondas a este correo.)';

function reportDecided(message: Extract<MailMessage, { kind: 'report-decided' }>): ComposedMail {
  const outcome =
    message.outcome === 'takedown'
      ? 'ha retirado el contenido por incumplir nuestras normas'
      : message.outcome === 'suspend'
        ? 'ha suspendido la cuenta por incumplir nuestras normas'
        : 'no ha encontrado una infracción de nuestras normas, así que no ha tomado medidas';
  return {
    to: message.to,
    subject: 'Hemos revisado tu reporte',
    text: `Hola:\n\nGracias por reportar ${THING[message.subjectType].a} en WAG. Nuestro equipo de moderación lo ha revisado y ${outcome}.${SIGNATURE}`,
  };
}

function moderationDecision(message: Extract<MailMessage, { kind: 'moderation-decision' }>): ComposedMail {
  const your = THING[message.subjectType].your;
  const final = message.appeal === 'final' ? '\n\nEsta decisión responde a tu apelación y es definitiva.' : '';
  const why = `\n\nMotivo: ${message.reason}`;
  const hello = `Hola, @${message.username}:\n\n`;
  switch (message.action) {
    case 'takedown':
      return {
        to: message.to,
        subject: `Hemos retirado ${your}`,
        text:
          `${hello}Nuestro equipo de moderación ha retirado ${your} de WAG: ya no se muestra a nadie más, y en tu vista lleva la marca «Retirado por moderación».${why}` +
          (message.appeal === 'possible' ? '\n\nSi crees que es un error, puedes apelar una vez desde WAG, en tus decisiones de moderación, con «Apelar».' : '') +
          `${final}${SIGNATURE}`,
      };
    case 'suspend':
      return {
        to: message.to,
        subject: 'Tu cuenta de WAG está suspendida',
        text:
          `${hello}Nuestro equipo de moderación ha suspendido tu cuenta ${suspensionSpan(message.until)}. Mientras dure la suspensión no puedes iniciar sesión, y tu perfil y tu contenido no se muestran.${why}` +
          (message.appeal === 'possible' ? '\n\nSi crees que es un error, puedes apelar una vez: intenta iniciar sesión en WAG con tu correo y tu contraseña y pulsa «Apelar».' : '') +
          `${final}${SIGNATURE}`,
      };
    case 'restore':
      return {
        to: message.to,
        subject: `Hemos restablecido ${your}`,
        text: `${hello}Hemos revisado de nuevo ${your} y vuelve a estar visible en WAG.${why}${final}${SIGNATURE}`,
      };
    case 'unsuspend':
      return {
        to: message.to,
        subject: 'Tu cuenta de WAG vuelve a estar activa',
        text: `${hello}Hemos levantado la suspensión de tu cuenta: ya puedes iniciar sesión, y tu perfil y tu contenido vuelven a mostrarse.${why}${final}${SIGNATURE}`,
      };
    case 'dismiss':
      return {
        to: message.to,
        subject: 'Hemos revisado tu apelación',
        text: `${hello}Hemos revisado tu apelación sobre ${your} y mantenemos la decisión.${why}${final}${SIGNATURE}`,
      };
  }
}

/** The Spanish subject and text of a message. */
function passwordReset(message: Extract<MailMessage, { kind: 'password-reset' }>): ComposedMail {
  return {
    to: message.to,
    subject: 'Restablece tu contraseña de WAG',
    text:
      `Hola, @${message.username}:\n\nAlguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de WAG. ` +
      `Para elegir una nueva, abre este enlace en la próxima hora:\n\n${message.link}\n\n` +
      'El enlace sirve una sola vez. Al cambiar la contraseña se cerrará la sesión en todos tus dispositivos. ' +
      'Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma.\n\nEl equipo de WAG\n(Este mensaje se envió automáticamente; no respondas a este correo.)',
  };
}

const ACCOUNT_SIGNATURE = '\n\nEl equipo de WAG\n(Este mensaje se envió automáticamente; no respondas a este correo.)';
const whenText = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(new Date(iso));

function newSignIn(message: Extract<MailMessage, { kind: 'new-sign-in' }>): ComposedMail {
  const where = message.location ? ` (${message.location})` : '';
  return {
    to: message.to,
    subject: 'Nuevo inicio de sesión en tu cuenta de WAG',
    text:
      `Hola, @${message.username}:\n\nAlguien inició sesión en tu cuenta el ${whenText(message.at)} desde ${message.device}${where}, ` +
      'un dispositivo que no habíamos visto antes.\n\nSi fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña en ' +
      'Ajustes › Cuenta › Contraseña y seguridad y cierra las sesiones que no reconozcas en Actividad de inicio de sesión.' +
      ACCOUNT_SIGNATURE,
  };
}

function twoFactorChanged(message: Extract<MailMessage, { kind: 'two-factor-changed' }>): ComposedMail {
  return {
    to: message.to,
    subject: message.enabled ? 'Activaste la verificación en dos pasos' : 'Desactivaste la verificación en dos pasos',
    text:
      `Hola, @${message.username}:\n\n` +
      (message.enabled
        ? `El ${whenText(message.at)} activaste la verificación en dos pasos: al iniciar sesión te pediremos también un código de tu app. Guarda tus códigos de recuperación.`
        : `El ${whenText(message.at)} desactivaste la verificación en dos pasos: ya basta tu contraseña para iniciar sesión.`) +
      '\n\nSi no fuiste tú, cambia tu contraseña cuanto antes.' +
      ACCOUNT_SIGNATURE,
  };
}

function emailConfirm(message: Extract<MailMessage, { kind: 'email-confirm' }>): ComposedMail {
  const registration = message.purpose === 'registration';
  return {
    to: message.to,
    subject: registration ? 'Confirma tu correo de WAG' : 'Confirma tu nuevo correo de WAG',
    text:
      `Hola, @${message.username}:\n\n` +
      (registration
        ? 'Gracias por unirte a WAG. Para confirmar que este correo es tuyo, abre este enlace en las próximas 24 horas:'
        : 'Pediste usar este correo en tu cuenta de WAG. Para confirmarlo, abre este enlace en las próximas 24 horas:') +
      `\n\n${message.link}\n\n` +
      (registration
        ? 'Si no creaste una cuenta en WAG, ignora este correo.'
        : 'Tu cuenta seguirá usando el correo anterior hasta que abras el enlace. Si no lo pediste tú, ignora este correo.') +
      ACCOUNT_SIGNATURE,
  };
}

function emailChangeRequested(message: Extract<MailMessage, { kind: 'email-change-requested' }>): ComposedMail {
  return {
    to: message.to,
    subject: 'Se pidió cambiar el correo de tu cuenta de WAG',
    text:
      `Hola, @${message.username}:\n\nEl ${whenText(message.at)} se pidió cambiar el correo de tu cuenta a ${message.newEmail}. ` +
      'El cambio se hará cuando se abra el enlace que enviamos a esa dirección.\n\n' +
      'Si no fuiste tú, cambia tu contraseña cuanto antes en Ajustes › Cuenta › Contraseña y seguridad, o restablécela con «¿Olvidaste tu contraseña?»: ' +
      'el cambio de correo se cancelará y se cerrarán las demás sesiones.' +
      ACCOUNT_SIGNATURE,
  };
}

function emailChanged(message: Extract<MailMessage, { kind: 'email-changed' }>): ComposedMail {
  return {
    to: message.to,
    subject: 'El correo de tu cuenta de WAG ha cambiado',
    text:
      `Hola, @${message.username}:\n\nDesde el ${whenText(message.at)}, el correo de tu cuenta de WAG es ${message.newEmail}. ` +
      'Este correo ya no recibirá mensajes de tu cuenta.\n\nSi no fuiste tú, escríbenos desde esta dirección a soporte@wag.app y te ayudaremos a recuperar tu cuenta.' +
      ACCOUNT_SIGNATURE,
  };
}

export function composeMail(message: MailMessage): ComposedMail {
  switch (message.kind) {
    case 'email-confirm':
      return emailConfirm(message);
    case 'email-change-requested':
      return emailChangeRequested(message);
    case 'email-changed':
      return emailChanged(message);
    case 'new-sign-in':
      return newSignIn(message);
    case 'two-factor-changed':
      return twoFactorChanged(message);
    case 'password-reset':
      return passwordReset(message);
    case 'report-decided':
      return reportDecided(message);
    case 'moderation-decision':
      return moderationDecision(message);
  }
}
