/**
 * The payment-provider seam (docs/product-decisions.md §10): the services ask a provider to take
 * money and never know which one it is. Two kinds exist:
 * - a card provider takes the card form itself and answers at once (the sandbox: test cards only);
 * - a hosted provider sends the buyer to its own form (CCBill), so card numbers never reach WAG,
 *   and tells the outcome later through its webhooks (payments/ccbill.ts).
 * Nothing that crosses this seam holds a card number or a CVV beyond the one charge call.
 */
import type { PaymentBody, PaymentProviderName } from '@wag/contract/payments';
import type { PaymentPurpose } from '../db/schema.js';

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface ChargeRequest {
  amount: number;
  currency: string;
  /** What the statement says (no personal data). */
  description: string;
  /**
   * The same key gives the same answer and charges once, as processors' idempotency keys do: a
   * retried request or a second worker renewing the same period never charges twice.
   */
  idempotencyKey: string;
}

export type ChargeOutcome =
  | { ok: true; reference: string; card: CardSummary; /** What renews without the card again. */ cardToken: string }
  | {
      ok: false;
      /** invalid: the form is wrong (400); declined: the card was refused (402). */
      reason: 'invalid' | 'declined';
      /** A key of lib/messages.ts: the Spanish text the buyer sees. */
      message: PaymentMessageKey;
      card?: CardSummary;
    };

export type PaymentMessageKey =
  | 'cardNumberInvalid'
  | 'cardExpiryInvalid'
  | 'cardExpired'
  | 'cardCvvInvalid'
  | 'cardNotTestCard'
  | 'cardDeclined'
  | 'cardRequired';

export interface CardProvider {
  kind: 'card';
  name: PaymentProviderName;
  /** The screens say so, and which cards work. */
  testMode: boolean;
  /** Charges a card form once per idempotency key. */
  chargeCard(request: ChargeRequest & { card: PaymentBody }): Promise<ChargeOutcome>;
  /** Charges the card behind a token again (a renewal). */
  chargeToken(request: ChargeRequest & { cardToken: string }): Promise<ChargeOutcome>;
}

/** What a hosted form is opened for. */
export interface Checkout {
  id: string;
  purpose: PaymentPurpose;
  amount: number;
  currency: string;
  /** A subscription renews every 30 days at the same price until cancelled. */
  recurring: boolean;
}

export interface HostedProvider {
  kind: 'hosted';
  name: PaymentProviderName;
  testMode: false;
  /** The address of the processor's payment form for this checkout (prices signed, not editable). */
  checkoutUrl(checkout: Checkout): string;
}

export type PaymentProvider = CardProvider | HostedProvider;
