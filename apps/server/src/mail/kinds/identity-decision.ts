import type { Language } from '@wag/contract/preferences-rules';
import type { MailOf, MailTexts } from '../mail-messages.js';
import { GREETING, MODERATION_SIGNATURE } from './mail-words.js';

type Decision = MailOf<'identity-decision'>;

interface Wording {
  approved: { subject: string; text: string };
  rejected: { subject: string; text: string; again: string };
  reason: (reason: string) => string;
  deleted: string;
}

const WORDING: Record<Language, Wording> = {
  es: {
    approved: {
      subject: 'Hemos verificado tu identidad',
      text: 'Nuestro equipo de moderación ha revisado tus documentos y ha aprobado la verificación de tu identidad. Ya puedes poner precio a tu contenido y publicar contenido VIP para tus suscriptores.',
    },
    rejected: {
      subject: 'No hemos podido verificar tu identidad',
      text: 'Nuestro equipo de moderación ha revisado tus documentos y no ha podido aprobar la verificación de tu identidad.',
      again: '\n\nPuedes enviar una nueva solicitud cuando quieras desde Ajustes > Verificación > Verificación de identidad.',
    },
    reason: (reason) => `\n\nMotivo: ${reason}`,
    deleted: '\n\nTus documentos se eliminarán de forma definitiva dentro de 30 días.',
  },
  en: {
    approved: {
      subject: 'We’ve verified your identity',
      text: 'Our moderation team has reviewed your documents and approved your identity verification. You can now set a price for your content and publish VIP content for your subscribers.',
    },
    rejected: {
      subject: 'We couldn’t verify your identity',
      text: 'Our moderation team has reviewed your documents and couldn’t approve your identity verification.',
      again: '\n\nYou can send a new request whenever you like from Settings > Verification > Identity verification.',
    },
    reason: (reason) => `\n\nReason: ${reason}`,
    deleted: '\n\nYour documents will be permanently deleted within 30 days.',
  },
  fr: {
    approved: {
      subject: 'Nous avons vérifié ton identité',
      text: 'Notre équipe de modération a examiné tes documents et a approuvé la vérification de ton identité. Tu peux désormais fixer un prix pour ton contenu et publier du contenu VIP pour tes abonnés.',
    },
    rejected: {
      subject: 'Nous n’avons pas pu vérifier ton identité',
      text: 'Notre équipe de modération a examiné tes documents et n’a pas pu approuver la vérification de ton identité.',
      again: '\n\nTu peux envoyer une nouvelle demande quand tu veux depuis Paramètres > Vérification > Vérification d’identité.',
    },
    reason: (reason) => `\n\nMotif : ${reason}`,
    deleted: '\n\nTes documents seront définitivement supprimés d’ici 30 jours.',
  },
  de: {
    approved: {
      subject: 'Wir haben deine Identität bestätigt',
      text: 'unser Moderationsteam hat deine Dokumente geprüft und deine Identitätsprüfung bestätigt. Du kannst jetzt Preise für deine Inhalte festlegen und VIP-Inhalte für deine Abonnenten veröffentlichen.',
    },
    rejected: {
      subject: 'Wir konnten deine Identität nicht bestätigen',
      text: 'unser Moderationsteam hat deine Dokumente geprüft und konnte deine Identitätsprüfung nicht bestätigen.',
      again: '\n\nDu kannst jederzeit eine neue Anfrage senden: unter Einstellungen > Verifizierung > Identitätsprüfung.',
    },
    reason: (reason) => `\n\nGrund: ${reason}`,
    deleted: '\n\nDeine Dokumente werden innerhalb von 30 Tagen endgültig gelöscht.',
  },
};

function write(language: Language, message: Decision): { subject: string; text: string } {
  const words = WORDING[language];
  const hello = GREETING[language](message.username);
  const end = MODERATION_SIGNATURE[language];
  if (message.outcome === 'approved') {
    return { subject: words.approved.subject, text: `${hello}${words.approved.text}${message.reason ? words.reason(message.reason) : ''}${words.deleted}${end}` };
  }
  return {
    subject: words.rejected.subject,
    text: `${hello}${words.rejected.text}${message.reason ? words.reason(message.reason) : ''}${words.rejected.again}${words.deleted}${end}`,
  };
}

/** The person who sent identity documents hears what a moderator decided (and why, when rejected). */
export const identityDecisionMail: MailTexts<'identity-decision'> = {
  es: (message) => write('es', message),
  en: (message) => write('en', message),
  fr: (message) => write('fr', message),
  de: (message) => write('de', message),
};
