import type { ReportSubjectType } from '@wag/contract/moderation-rules';
import type { Language } from '@wag/contract/preferences-rules';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/language.js';
import type { DeviceFacts, PlaceFacts } from '../lib/session-device.js';
import { emailChangedMail, emailChangeRequestedMail, emailConfirmMail } from './kinds/email-address.js';
import { identityDecisionMail } from './kinds/identity-decision.js';
import { moderationDecisionMail } from './kinds/moderation-decision.js';
import { newSignInMail } from './kinds/new-sign-in.js';
import { passwordResetMail } from './kinds/password-reset.js';
import { paymentMail } from './kinds/payment.js';
import { payoutPaidMail } from './kinds/payout-paid.js';
import { reportDecidedMail } from './kinds/report-decided.js';
import { twoFactorChangedMail } from './kinds/two-factor-changed.js';

/**
 * Every message WAG sends by email, one typed union (as the job payloads are), each written in the
 * recipient's language by `composeMail`. A message is queued with everything it needs, the language
 * included (the recipient's preference when it is queued, Spanish for someone without an account),
 * so sending it later (a job, after the commit) reads nothing else.
 *
 * A new kind: add it here, write its subject and text in the four languages in `kinds/<kind>.ts`
 * (one function per language, as the others), and list it in `KINDS` below; the compiler asks for
 * each of these steps.
 */
export type MailMessage = MailContent & {
  /** The recipient's language; a message queued before mail had languages has none and is written in Spanish. */
  language: Language;
};

export type MailContent =
  /** A sign-in from a browser and address the account had not used: when, what and where, and what to do if it was not them. */
  | {
      kind: 'new-sign-in';
      to: string;
      username: string;
      /** What the browser is, named in the mail's language (a string: queued before mail had languages, in Spanish). */
      device: DeviceFacts | null | string;
      /** Where it was, named in the mail's language (a string: as `device`). */
      location: PlaceFacts | null | string;
      at: string;
    }
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
    }
  /**
   * A receipt or notice about the recipient's own money: amount in cents of `currency`, the creator
   * it concerns, and the date it runs to (renewal, access end), ISO.
   */
  | { kind: 'payment'; to: string; username: string; event: PaymentMailEvent; amount: number; currency: string; creator: string | null; until: string | null }
  /** A creator's payout request was paid: how much (cents of `currency`), asked when, paid when (ISO). */
  | { kind: 'payout-paid'; to: string; username: string; amount: number; currency: string; requestedAt: string; paidAt: string }
  /** The person who sent identity documents hears the moderator's decision (a rejection with its reason). */
  | { kind: 'identity-decision'; to: string; username: string; outcome: 'approved' | 'rejected'; reason: string | null };

/** What a payment mail tells of (kinds/payment.ts). */
export type PaymentMailEvent = 'subscribed' | 'renewed' | 'renewal_failed' | 'expired' | 'canceled' | 'refunded' | 'story_purchase' | 'account_verified';

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
}

export type MailKind = MailMessage['kind'];
export type MailOf<K extends MailKind> = Extract<MailMessage, { kind: K }>;

/** One kind of mail written in every language: its subject and its text. */
export type MailTexts<K extends MailKind> = Record<Language, (message: MailOf<K>) => { subject: string; text: string }>;

const KINDS: { [K in MailKind]: MailTexts<K> } = {
  'new-sign-in': newSignInMail,
  'two-factor-changed': twoFactorChangedMail,
  'email-confirm': emailConfirmMail,
  'email-change-requested': emailChangeRequestedMail,
  'email-changed': emailChangedMail,
  'password-reset': passwordResetMail,
  'report-decided': reportDecidedMail,
  'moderation-decision': moderationDecisionMail,
  payment: paymentMail,
  'payout-paid': payoutPaidMail,
  'identity-decision': identityDecisionMail,
};

/** The subject and text of a message, in its recipient's language. */
export function composeMail(message: MailMessage): ComposedMail {
  const language: Language = isLanguage(message.language) ? message.language : DEFAULT_LANGUAGE;
  const write = KINDS[message.kind][language] as (message: MailMessage) => { subject: string; text: string };
  return { to: message.to, ...write(message) };
}
