import type { Language } from '@wag/contract/preferences-rules';
import { suspensionSpan } from '../../lib/dates.js';
import type { MailOf, MailTexts } from '../mail-messages.js';
import { GREETING, MODERATION_SIGNATURE, THING } from './mail-words.js';

type Decision = MailOf<'moderation-decision'>;

/** One language's sentences for each action; `your`/`yours` name the subject (THING), `span` a suspension's length. */
interface Wording {
  reason: (reason: string) => string;
  final: string;
  takedown: { subject: (your: string) => string; text: (your: string) => string; appeal: string };
  suspend: { subject: string; text: (span: string) => string; appeal: string };
  restore: { subject: (your: string) => string; text: (your: string, yours: string) => string };
  unsuspend: { subject: string; text: string };
  dismiss: { subject: string; text: (your: string) => string };
}

const WORDING: Record<Language, Wording> = {
  es: {
    reason: (reason) => `\n\nMotivo: ${reason}`,
    final: '\n\nEsta decisión responde a tu apelación y es definitiva.',
    takedown: {
      subject: (your) => `Hemos retirado ${your}`,
      text: (your) =>
        `Nuestro equipo de moderación ha retirado ${your} de WAG: ya no se muestra a nadie más, y en tu vista lleva la marca «Retirado por moderación».`,
      appeal: '\n\nSi crees que es un error, puedes apelar una vez desde WAG, en tus decisiones de moderación, con «Apelar».',
    },
    suspend: {
      subject: 'Tu cuenta de WAG está suspendida',
      text: (span) =>
        `Nuestro equipo de moderación ha suspendido tu cuenta ${span}. Mientras dure la suspensión no puedes iniciar sesión, y tu perfil y tu contenido no se muestran.`,
      appeal: '\n\nSi crees que es un error, puedes apelar una vez: intenta iniciar sesión en WAG con tu correo y tu contraseña y pulsa «Apelar».',
    },
    restore: {
      subject: (your) => `Hemos restablecido ${your}`,
      text: (your) => `Hemos revisado de nuevo ${your} y vuelve a estar visible en WAG.`,
    },
    unsuspend: {
      subject: 'Tu cuenta de WAG vuelve a estar activa',
      text: 'Hemos levantado la suspensión de tu cuenta: ya puedes iniciar sesión, y tu perfil y tu contenido vuelven a mostrarse.',
    },
    dismiss: {
      subject: 'Hemos revisado tu apelación',
      text: (your) => `Hemos revisado tu apelación sobre ${your} y mantenemos la decisión.`,
    },
  },
  en: {
    reason: (reason) => `\n\nReason: ${reason}`,
    final: '\n\nThis decision answers your appeal and is final.',
    takedown: {
      subject: (your) => `We’ve removed ${your}`,
      text: (your) =>
        `Our moderation team has removed ${your} from WAG: it’s no longer shown to anyone else, and in your view it’s marked “Removed by moderation”.`,
      appeal: '\n\nIf you think this is a mistake, you can appeal once from WAG, in your moderation decisions, with “Appeal”.',
    },
    suspend: {
      subject: 'Your WAG account is suspended',
      text: (span) =>
        `Our moderation team has suspended your account ${span}. While the suspension lasts you can’t sign in, and your profile and content aren’t shown.`,
      appeal: '\n\nIf you think this is a mistake, you can appeal once: try to sign in to WAG with your email and password and tap “Appeal”.',
    },
    restore: {
      subject: (your) => `We’ve restored ${your}`,
      text: (your) => `We’ve reviewed ${your} again and it’s visible on WAG once more.`,
    },
    unsuspend: {
      subject: 'Your WAG account is active again',
      text: 'We’ve lifted the suspension on your account: you can sign in again, and your profile and content are shown again.',
    },
    dismiss: {
      subject: 'We’ve reviewed your appeal',
      text: (your) => `We’ve reviewed your appeal about ${your} and are upholding the decision.`,
    },
  },
  fr: {
    reason: (reason) => `\n\nMotif : ${reason}`,
    final: '\n\nCette décision répond à ton appel et est définitive.',
    takedown: {
      subject: (your) => `Nous avons retiré ${your}`,
      text: (your) =>
        `Notre équipe de modération a retiré ${your} de WAG : ce contenu n’est plus visible pour personne d’autre et, de ton côté, il porte la mention « Retiré par la modération ».`,
      appeal: '\n\nSi tu penses qu’il s’agit d’une erreur, tu peux faire appel une fois depuis WAG, dans tes décisions de modération, avec « Faire appel ».',
    },
    suspend: {
      subject: 'Ton compte WAG est suspendu',
      text: (span) =>
        `Notre équipe de modération a suspendu ton compte ${span}. Pendant la suspension, tu ne peux pas te connecter, et ton profil et ton contenu ne sont pas affichés.`,
      appeal:
        '\n\nSi tu penses qu’il s’agit d’une erreur, tu peux faire appel une fois : essaie de te connecter à WAG avec ton adresse e-mail et ton mot de passe, puis appuie sur « Faire appel ».',
    },
    restore: {
      subject: (your) => `Nous avons rétabli ${your}`,
      text: (_your, yours) => `Après un nouvel examen, ${yours} est de nouveau visible sur WAG.`,
    },
    unsuspend: {
      subject: 'Ton compte WAG est de nouveau actif',
      text: 'Nous avons levé la suspension de ton compte : tu peux de nouveau te connecter, et ton profil et ton contenu sont de nouveau affichés.',
    },
    dismiss: {
      subject: 'Nous avons examiné ton appel',
      text: (your) => `Nous avons examiné ton appel concernant ${your} et maintenons la décision.`,
    },
  },
  de: {
    reason: (reason) => `\n\nGrund: ${reason}`,
    final: '\n\nDiese Entscheidung beantwortet deinen Einspruch und ist endgültig.',
    takedown: {
      subject: (your) => `Wir haben ${your} entfernt`,
      text: (your) =>
        `unser Moderationsteam hat ${your} von WAG entfernt: Der Inhalt wird niemandem mehr angezeigt und ist in deiner Ansicht mit „Von der Moderation entfernt“ gekennzeichnet.`,
      appeal: '\n\nWenn du glaubst, dass das ein Fehler ist, kannst du einmal Einspruch einlegen: in WAG unter deinen Moderationsentscheidungen mit „Einspruch einlegen“.',
    },
    suspend: {
      subject: 'Dein WAG-Konto ist gesperrt',
      text: (span) =>
        `unser Moderationsteam hat dein Konto ${span} gesperrt. Solange die Sperre gilt, kannst du dich nicht anmelden, und dein Profil und deine Inhalte werden nicht angezeigt.`,
      appeal:
        '\n\nWenn du glaubst, dass das ein Fehler ist, kannst du einmal Einspruch einlegen: Versuch, dich mit deiner E-Mail-Adresse und deinem Passwort bei WAG anzumelden, und tippe auf „Einspruch einlegen“.',
    },
    restore: {
      subject: (your) => `Wir haben ${your} wiederhergestellt`,
      text: (_your, yours) => `nach einer erneuten Prüfung ist ${yours} auf WAG wieder sichtbar.`,
    },
    unsuspend: {
      subject: 'Dein WAG-Konto ist wieder aktiv',
      text: 'wir haben die Sperre deines Kontos aufgehoben: Du kannst dich wieder anmelden, und dein Profil und deine Inhalte werden wieder angezeigt.',
    },
    dismiss: {
      subject: 'Wir haben deinen Einspruch geprüft',
      text: (your) => `wir haben deinen Einspruch gegen die Entscheidung über ${your} geprüft und halten an ihr fest.`,
    },
  },
};

function write(language: Language, message: Decision): { subject: string; text: string } {
  const words = WORDING[language];
  const { your, yours } = THING[language][message.subjectType];
  const hello = GREETING[language](message.username);
  const why = words.reason(message.reason);
  const final = message.appeal === 'final' ? words.final : '';
  const mayAppeal = message.appeal === 'possible';
  const end = MODERATION_SIGNATURE[language];
  switch (message.action) {
    case 'takedown':
      return {
        subject: words.takedown.subject(your),
        text: `${hello}${words.takedown.text(your)}${why}${mayAppeal ? words.takedown.appeal : ''}${final}${end}`,
      };
    case 'suspend':
      return {
        subject: words.suspend.subject,
        text: `${hello}${words.suspend.text(suspensionSpan(message.until, language))}${why}${mayAppeal ? words.suspend.appeal : ''}${final}${end}`,
      };
    case 'restore':
      return { subject: words.restore.subject(your), text: `${hello}${words.restore.text(your, yours)}${why}${final}${end}` };
    case 'unsuspend':
      return { subject: words.unsuspend.subject, text: `${hello}${words.unsuspend.text}${why}${final}${end}` };
    case 'dismiss':
      return { subject: words.dismiss.subject, text: `${hello}${words.dismiss.text(your)}${why}${final}${end}` };
  }
}

/**
 * The owner of content or of an account hears a decision about it and why: a takedown or a
 * suspension (which they may appeal once), or what came of their appeal (final).
 */
export const moderationDecisionMail: MailTexts<'moderation-decision'> = {
  es: (message) => write('es', message),
  en: (message) => write('en', message),
  fr: (message) => write('fr', message),
  de: (message) => write('de', message),
};
