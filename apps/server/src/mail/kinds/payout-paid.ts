import type { Language } from '@wag/contract/preferences-rules';
import { homeDateTime } from '../../lib/dates.js';
import type { MailOf, MailTexts } from '../mail-messages.js';
import { ACCOUNT_SIGNATURE, GREETING } from './mail-words.js';

const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

/** An amount in cents written as money in the mail's language ("25,00 US$", "$25.00"). */
function money(cents: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency }).format(cents / 100);
  } catch {
    // A currency code Intl does not know: the number and the code.
    return `${new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} ${currency}`;
  }
}

type Mail = MailOf<'payout-paid'>;

/** A creator's payout request was paid (an admin made the transfer and marked it in the desk). */
export const payoutPaidMail: MailTexts<'payout-paid'> = {
  es: ({ username, amount, currency, requestedAt, paidAt }: Mail) => ({
    subject: 'Hemos pagado tu solicitud de pago',
    text:
      GREETING.es(username) +
      `Te hemos pagado ${money(amount, currency, 'es')}, el importe que solicitaste el ${homeDateTime(requestedAt, 'es')}. ` +
      `Lo marcamos como pagado el ${homeDateTime(paidAt, 'es')}; puede tardar unos días en aparecer en tu cuenta.` +
      '\n\nPuedes ver tus ingresos y tus pagos en tu panel de creador.' +
      ACCOUNT_SIGNATURE.es,
  }),
  en: ({ username, amount, currency, requestedAt, paidAt }: Mail) => ({
    subject: 'Your payout has been paid',
    text:
      GREETING.en(username) +
      `We’ve paid you ${money(amount, currency, 'en')}, the amount you requested on ${homeDateTime(requestedAt, 'en')}. ` +
      `It was marked as paid on ${homeDateTime(paidAt, 'en')}; it may take a few days to reach your bank.` +
      '\n\nYou can see your earnings and payouts in your creator dashboard.' +
      ACCOUNT_SIGNATURE.en,
  }),
  fr: ({ username, amount, currency, requestedAt, paidAt }: Mail) => ({
    subject: 'Ton versement a été payé',
    text:
      GREETING.fr(username) +
      `Nous t’avons versé ${money(amount, currency, 'fr')}, le montant que tu as demandé le ${homeDateTime(requestedAt, 'fr')}. ` +
      `Le versement a été marqué comme payé le ${homeDateTime(paidAt, 'fr')} ; il peut mettre quelques jours à arriver sur ton compte bancaire.` +
      '\n\nTu peux suivre tes revenus et tes versements dans ton tableau de bord de créateur.' +
      ACCOUNT_SIGNATURE.fr,
  }),
  de: ({ username, amount, currency, requestedAt, paidAt }: Mail) => ({
    subject: 'Deine Auszahlung wurde überwiesen',
    text:
      GREETING.de(username) +
      `wir haben dir ${money(amount, currency, 'de')} überwiesen, den Betrag, den du am ${homeDateTime(requestedAt, 'de')} angefordert hast. ` +
      `Die Auszahlung wurde am ${homeDateTime(paidAt, 'de')} als bezahlt markiert; es kann ein paar Tage dauern, bis sie auf deinem Bankkonto ist.` +
      '\n\nDeine Einnahmen und Auszahlungen siehst du in deinem Creator-Dashboard.' +
      ACCOUNT_SIGNATURE.de,
  }),
};
