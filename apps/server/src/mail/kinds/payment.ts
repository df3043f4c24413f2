import type { Language } from '@wag/contract/preferences-rules';
import { homeDateTime } from '../../lib/dates.js';
import type { MailOf, MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR', de: 'de-DE' };

/** An amount of cents in the reader's language: "9,99 US$", "US$9.99". */
function money(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency }).format(cents / 100);
}

type Payment = MailOf<'payment'>;

function lines(language: Language, m: Payment): { subject: string; body: string } {
  const amount = money(m.amount, m.currency, language);
  const creator = m.creator ? `@${m.creator}` : '';
  const until = m.until ? homeDateTime(m.until, language) : '';
  switch (language) {
    case 'es':
      switch (m.event) {
        case 'subscribed':
          return { subject: `Te suscribiste al VIP de ${creator}`, body: `Pagaste ${amount} por un mes del VIP de ${creator}. Ya puedes ver su contenido VIP. La suscripción se renueva el ${until}; puedes cancelarla cuando quieras en Ajustes › Mis suscripciones.` };
        case 'renewed':
          return { subject: `Se renovó tu suscripción a ${creator}`, body: `Cobramos ${amount} por un mes más del VIP de ${creator}. La próxima renovación es el ${until}.` };
        case 'renewal_failed':
          return { subject: `No pudimos renovar tu suscripción a ${creator}`, body: `Tu tarjeta fue rechazada al renovar el VIP de ${creator} (${amount}). Conservas el acceso hasta el ${until}: para no perderlo, vuelve a suscribirte con otra tarjeta desde su perfil.` };
        case 'expired':
          return { subject: `Terminó tu suscripción a ${creator}`, body: `Tu suscripción al VIP de ${creator} terminó y ya no tienes acceso a su contenido VIP. Puedes volver a suscribirte cuando quieras desde su perfil.` };
        case 'canceled':
          return { subject: `Cancelaste tu suscripción a ${creator}`, body: `No se volverá a cobrar. Conservas el acceso al VIP de ${creator} hasta el ${until}.` };
        case 'refunded':
          return { subject: `Te devolvimos ${amount}`, body: `Devolvimos ${amount} de tu pago${creator ? ` a ${creator}` : ''}. El acceso que daba ese pago terminó.` };
        case 'story_purchase':
          return { subject: `Compraste historias de ${creator}`, body: `Pagaste ${amount} por las historias VIP de ${creator} publicadas ahora. Puedes verlas mientras estén activas.` };
        case 'account_verified':
          return { subject: 'Tu cuenta de WAG está verificada', body: `Pagaste ${amount} por la verificación de tu cuenta. Tu perfil ya muestra la insignia de verificado.` };
      }
      break;
    case 'en':
      switch (m.event) {
        case 'subscribed':
          return { subject: `You subscribed to ${creator}’s VIP`, body: `You paid ${amount} for a month of ${creator}’s VIP. You can see their VIP content now. The subscription renews on ${until}; you can cancel it any time in Settings › My subscriptions.` };
        case 'renewed':
          return { subject: `Your subscription to ${creator} renewed`, body: `We charged ${amount} for another month of ${creator}’s VIP. The next renewal is on ${until}.` };
        case 'renewal_failed':
          return { subject: `We couldn’t renew your subscription to ${creator}`, body: `Your card was declined when renewing ${creator}’s VIP (${amount}). You keep access until ${until}: to keep it, subscribe again with another card from their profile.` };
        case 'expired':
          return { subject: `Your subscription to ${creator} ended`, body: `Your subscription to ${creator}’s VIP ended and you no longer have access to their VIP content. You can subscribe again any time from their profile.` };
        case 'canceled':
          return { subject: `You cancelled your subscription to ${creator}`, body: `You won’t be charged again. You keep access to ${creator}’s VIP until ${until}.` };
        case 'refunded':
          return { subject: `We refunded ${amount}`, body: `We refunded ${amount} of your payment${creator ? ` to ${creator}` : ''}. The access that payment gave has ended.` };
        case 'story_purchase':
          return { subject: `You bought ${creator}’s stories`, body: `You paid ${amount} for ${creator}’s VIP stories posted now. You can watch them while they are live.` };
        case 'account_verified':
          return { subject: 'Your WAG account is verified', body: `You paid ${amount} for your account verification. Your profile now shows the verified badge.` };
      }
      break;
    case 'fr':
      switch (m.event) {
        case 'subscribed':
          return { subject: `Tu es abonné au VIP de ${creator}`, body: `Tu as payé ${amount} pour un mois du VIP de ${creator}. Tu peux voir son contenu VIP dès maintenant. L’abonnement se renouvelle le ${until} ; tu peux l’annuler à tout moment dans Paramètres › Mes abonnements.` };
        case 'renewed':
          return { subject: `Ton abonnement à ${creator} a été renouvelé`, body: `Nous avons prélevé ${amount} pour un mois de plus du VIP de ${creator}. Le prochain renouvellement aura lieu le ${until}.` };
        case 'renewal_failed':
          return { subject: `Nous n’avons pas pu renouveler ton abonnement à ${creator}`, body: `Ta carte a été refusée lors du renouvellement du VIP de ${creator} (${amount}). Tu gardes l’accès jusqu’au ${until} : pour le conserver, abonne-toi à nouveau avec une autre carte depuis son profil.` };
        case 'expired':
          return { subject: `Ton abonnement à ${creator} a pris fin`, body: `Ton abonnement au VIP de ${creator} a pris fin et tu n’as plus accès à son contenu VIP. Tu peux te réabonner à tout moment depuis son profil.` };
        case 'canceled':
          return { subject: `Tu as annulé ton abonnement à ${creator}`, body: `Tu ne seras plus prélevé. Tu gardes l’accès au VIP de ${creator} jusqu’au ${until}.` };
        case 'refunded':
          return { subject: `Nous t’avons remboursé ${amount}`, body: `Nous avons remboursé ${amount} de ton paiement${creator ? ` à ${creator}` : ''}. L’accès que donnait ce paiement a pris fin.` };
        case 'story_purchase':
          return { subject: `Tu as acheté les stories de ${creator}`, body: `Tu as payé ${amount} pour les stories VIP de ${creator} publiées en ce moment. Tu peux les voir tant qu’elles sont en ligne.` };
        case 'account_verified':
          return { subject: 'Ton compte WAG est vérifié', body: `Tu as payé ${amount} pour la vérification de ton compte. Ton profil affiche désormais le badge vérifié.` };
      }
      break;
    case 'de':
      switch (m.event) {
        case 'subscribed':
          return { subject: `Du hast das VIP von ${creator} abonniert`, body: `du hast ${amount} für einen Monat VIP von ${creator} bezahlt. Du siehst die VIP-Inhalte ab sofort. Das Abo verlängert sich am ${until}; du kannst es jederzeit unter Einstellungen › Meine Abos kündigen.` };
        case 'renewed':
          return { subject: `Dein Abo bei ${creator} wurde verlängert`, body: `wir haben ${amount} für einen weiteren Monat VIP von ${creator} abgebucht. Die nächste Verlängerung ist am ${until}.` };
        case 'renewal_failed':
          return { subject: `Wir konnten dein Abo bei ${creator} nicht verlängern`, body: `deine Karte wurde bei der Verlängerung des VIP von ${creator} (${amount}) abgelehnt. Du behältst den Zugang bis zum ${until}: Um ihn zu behalten, abonniere erneut mit einer anderen Karte über das Profil.` };
        case 'expired':
          return { subject: `Dein Abo bei ${creator} ist beendet`, body: `dein Abo für das VIP von ${creator} ist beendet, du hast keinen Zugang mehr zu den VIP-Inhalten. Du kannst jederzeit über das Profil erneut abonnieren.` };
        case 'canceled':
          return { subject: `Du hast dein Abo bei ${creator} gekündigt`, body: `es wird nichts mehr abgebucht. Du behältst den Zugang zum VIP von ${creator} bis zum ${until}.` };
        case 'refunded':
          return { subject: `Wir haben dir ${amount} erstattet`, body: `wir haben ${amount} deiner Zahlung${creator ? ` an ${creator}` : ''} erstattet. Der Zugang aus dieser Zahlung ist beendet.` };
        case 'story_purchase':
          return { subject: `Du hast Storys von ${creator} gekauft`, body: `du hast ${amount} für die aktuellen VIP-Storys von ${creator} bezahlt. Du kannst sie ansehen, solange sie online sind.` };
        case 'account_verified':
          return { subject: 'Dein WAG-Konto ist verifiziert', body: `du hast ${amount} für die Verifizierung deines Kontos bezahlt. Dein Profil zeigt jetzt das Verifiziert-Abzeichen.` };
      }
      break;
  }
  throw new Error(`payment mail: unknown event ${String(m.event)}`);
}

const write = (language: Language) => (m: Payment) => {
  const { subject, body } = lines(language, m);
  return { subject, text: GREETING[language](m.username) + body + ACCOUNT_SIGNATURE[language] };
};

/** A receipt or notice about the recipient's own money: a subscription, its renewals and end, a refund, a purchase. */
export const paymentMail: MailTexts<'payment'> = { es: write('es'), en: write('en'), fr: write('fr'), de: write('de') };
