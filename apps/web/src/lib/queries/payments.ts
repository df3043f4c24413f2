import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentBody } from '@wag/contract/payments';
import { useCallback } from 'react';
import { api } from '../api';

/**
 * The payment sheet's reads and the one way to pay (offers and verification status: vip.ts, which
 * the side menu loads without this). Payment bodies are never handed to TanStack Query (a mutation
 * keeps its variables in its cache): the card form calls `usePay`'s function, which sends the body
 * and forgets it.
 */

const paymentInfoRoot = 'payment-info';

/** GET /api/payments/info: the provider, test mode, currency and the verification fee. */
export const paymentInfoQuery = () =>
  queryOptions({
    queryKey: [paymentInfoRoot],
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api('paymentInfo', undefined, { signal }),
  });

export function usePaymentInfo() {
  return useQuery(paymentInfoQuery());
}

/** What a payment buys: a monthly subscription, the creator's locked stories, or the verified check. */
export type Purchase = { kind: 'subscribe'; username: string } | { kind: 'stories'; username: string } | { kind: 'verification' };

export type PaymentResult =
  | { outcome: 'checkout'; checkoutUrl: string }
  | { outcome: 'subscribed'; currentPeriodEnd: string }
  | { outcome: 'done'; message: string };

function send(purchase: Purchase, body: PaymentBody): Promise<PaymentResult> {
  if (purchase.kind === 'subscribe') {
    return api('subscribe', { params: { username: purchase.username }, body }).then((response) =>
      'checkoutUrl' in response
        ? { outcome: 'checkout', checkoutUrl: response.checkoutUrl }
        : { outcome: 'subscribed', currentPeriodEnd: response.subscription.currentPeriodEnd },
    );
  }
  if (purchase.kind === 'stories') {
    return api('purchaseStories', { params: { username: purchase.username }, body }).then((response) =>
      'checkoutUrl' in response ? { outcome: 'checkout', checkoutUrl: response.checkoutUrl } : { outcome: 'done', message: response.message },
    );
  }
  return api('accountVerification', { body }).then((response) =>
    'checkoutUrl' in response ? { outcome: 'checkout', checkoutUrl: response.checkoutUrl } : { outcome: 'done', message: response.message },
  );
}

/**
 * Pays for `purchase`. After a charge every screen may show more (the VIP tab, feed cards, stories,
 * the verified check, subscriptions), on every read path: everything is read again, as after a block.
 */
export function usePay() {
  const queryClient = useQueryClient();
  return useCallback(
    async (purchase: Purchase, body: PaymentBody): Promise<PaymentResult> => {
      const result = await send(purchase, body);
      if (result.outcome !== 'checkout') void queryClient.invalidateQueries();
      return result;
    },
    [queryClient],
  );
}
