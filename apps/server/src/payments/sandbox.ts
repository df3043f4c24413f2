/**
 * The sandbox provider: a card processor in test mode, the default of the embedded start so the
 * product runs with no outside account (refused in production, lib/production-guard.ts). It behaves
 * as a processor does: it reads the card form (payments/card.ts), accepts only its test cards
 * (4242 4242 4242 4242 approved, 4000 0000 0000 0002 declined), keeps a token for renewals instead
 * of the card, answers once per idempotency key, and records every charge, approved or declined.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { SandboxBooksRepository } from '../repositories/sandbox-books.repository.js';
import { expiredAt, readCard, sandboxOutcome, type CardProblem } from './card.js';
import type { CardProvider, ChargeOutcome, ChargeRequest, PaymentMessageKey } from './provider.js';

const PROBLEM_MESSAGES: Record<CardProblem, PaymentMessageKey> = {
  number: 'cardNumberInvalid',
  expiry: 'cardExpiryInvalid',
  expired: 'cardExpired',
  cvv: 'cardCvvInvalid',
};

export function createSandboxProvider(deps: { books: SandboxBooksRepository; clock: Clock; secret: () => string }): CardProvider {
  const { books, clock } = deps;

  /** A token names the card without holding it: a keyed hash of the number and expiry. */
  function tokenOf(digits: string, month: number, year: number): string {
    return `sbx_card_${createHmac('sha256', `sandbox-card:${deps.secret()}`).update(`${digits}|${month}|${year}`).digest('hex').slice(0, 32)}`;
  }

  async function record(request: ChargeRequest, cardToken: string, outcome: 'approved' | 'declined', declineCode: string | null) {
    return books.recordCharge({
      id: `sbx_ch_${randomBytes(12).toString('hex')}`,
      idempotency_key: request.idempotencyKey,
      card_token: cardToken,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      outcome,
      decline_code: declineCode,
    });
  }

  function answer(charge: { id: string; outcome: string }, card: { brand: string; last4: string; token: string }): ChargeOutcome {
    const summary = { brand: card.brand, last4: card.last4 };
    if (charge.outcome === 'approved') return { ok: true, reference: charge.id, card: summary, cardToken: card.token };
    return { ok: false, reason: 'declined', message: 'cardDeclined', card: summary };
  }

  return {
    kind: 'card',
    name: 'sandbox',
    testMode: true,

    async chargeCard(request) {
      const { cardNumber, expiryDate, cvv } = request.card;
      if (!cardNumber?.trim() || !expiryDate?.trim() || !cvv?.trim()) return { ok: false, reason: 'invalid', message: 'cardRequired' };
      const read = readCard(request.card, clock.now());
      if ('problem' in read) return { ok: false, reason: 'invalid', message: PROBLEM_MESSAGES[read.problem] };
      const { card } = read;
      const outcome = sandboxOutcome(card);
      if (outcome === 'not-a-test-card') return { ok: false, reason: 'invalid', message: 'cardNotTestCard' };
      const token = tokenOf(card.digits, card.expiry.month, card.expiry.year);
      await books.saveCard({ token, brand: card.brand, last4: card.last4, exp_month: card.expiry.month, exp_year: card.expiry.year, outcome });
      const charge = await record(request, token, outcome, outcome === 'declined' ? 'card_declined' : null);
      return answer(charge, { brand: card.brand, last4: card.last4, token });
    },

    async chargeToken(request) {
      const card = await books.card(request.cardToken);
      if (!card) return { ok: false, reason: 'declined', message: 'cardDeclined' };
      // A card past its expiry month is declined at renewal, as a processor would.
      const expired = expiredAt({ month: card.exp_month, year: card.exp_year }, clock.now());
      const outcome = expired ? 'declined' : card.outcome;
      const charge = await record(request, card.token, outcome, expired ? 'expired_card' : outcome === 'declined' ? 'card_declined' : null);
      return answer(charge, { brand: card.brand, last4: card.last4, token: card.token });
    },
  };
}
