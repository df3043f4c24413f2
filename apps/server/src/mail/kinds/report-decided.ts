import type { MailOf, MailTexts } from '../mail-messages.js';
import { MODERATION_SIGNATURE, THING } from './mail-words.js';

type Outcome = MailOf<'report-decided'>['outcome'];
const acted = (outcome: Outcome) => (outcome === 'takedown' || outcome === 'suspend' ? outcome : 'none');

/** A guest who reported something (with a contact address) hears what a moderator decided. */
export const reportDecidedMail: MailTexts<'report-decided'> = {
  es: ({ subjectType, outcome }) => ({
    subject: 'Hemos revisado tu reporte',
    text: `Hola:\n\nGracias por reportar ${THING.es[subjectType].a} en WAG. Nuestro equipo de moderación lo ha revisado y ${
      {
        takedown: 'ha retirado el contenido por incumplir nuestras normas',
        suspend: 'ha suspendido la cuenta por incumplir nuestras normas',
        none: 'no ha encontrado una infracción de nuestras normas, así que no ha tomado medidas',
      }[acted(outcome)]
    }.${MODERATION_SIGNATURE.es}`,
  }),
  en: ({ subjectType, outcome }) => ({
    subject: 'We’ve reviewed your report',
    text: `Hello,\n\nThank you for reporting ${THING.en[subjectType].a} on WAG. Our moderation team has reviewed it and ${
      {
        takedown: 'has removed the content for breaking our rules',
        suspend: 'has suspended the account for breaking our rules',
        none: 'found no breach of our rules, so no action has been taken',
      }[acted(outcome)]
    }.${MODERATION_SIGNATURE.en}`,
  }),
  fr: ({ subjectType, outcome }) => ({
    subject: 'Nous avons examiné ton signalement',
    text: `Bonjour,\n\nMerci d’avoir signalé ${THING.fr[subjectType].a} sur WAG. Notre équipe de modération l’a examiné et ${
      {
        takedown: 'a retiré le contenu pour infraction à nos règles',
        suspend: 'a suspendu le compte pour infraction à nos règles',
        none: 'n’a constaté aucune infraction à nos règles ; aucune mesure n’a donc été prise',
      }[acted(outcome)]
    }.${MODERATION_SIGNATURE.fr}`,
  }),
  de: ({ subjectType, outcome }) => ({
    subject: 'Wir haben deine Meldung geprüft',
    text: `Hallo,\n\ndanke, dass du ${THING.de[subjectType].a} auf WAG gemeldet hast. Unser Moderationsteam hat die Meldung geprüft und ${
      {
        takedown: 'den Inhalt wegen eines Verstoßes gegen unsere Regeln entfernt',
        suspend: 'das Konto wegen eines Verstoßes gegen unsere Regeln gesperrt',
        none: 'keinen Verstoß gegen unsere Regeln festgestellt; daher wurden keine Maßnahmen ergriffen',
      }[acted(outcome)]
    }.${MODERATION_SIGNATURE.de}`,
  }),
};
