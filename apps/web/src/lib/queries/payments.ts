import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentBody } from '@wag/contract/payments';
import { useCallback } from 'react';
import { api } from '../api';
import { useSession } from '../session';
import { useViewerKey } from '../viewer-key';

/**
 * The VIP and payment reads several screens share (the profile, feed cards, the payment sheet, the
 * settings list and the side menu), and the one way to pay. Payment bodies are never handed to
 * TanStack Query (a mutation keeps its variables in its cache): the card form calls `usePay`'s
 * function, which sends the body and forgets it.
 */

const paymentInfoRoot = 'payment-info';
export const userVipRoot = 'user-vip';
export const verificationStatusRoot = 'verification-status';

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

/** GET /api/users/{username}/vip: the creator's offer and how the viewer stands to it. */
export const userVipQuery = (username: string, viewer: string) =>
  queryOptions({
    queryKey: [userVipRoot, username.toLowerCase(), viewer],
    queryFn: ({ signal }) => api('userVip', { params: { username } }, { signal }),
  });

export function useUserVip(username: string, enabled = true) {
  return useQuery({ ...userVipQuery(username, useViewerKey()), enabled });
}

/** GET /api/verification/status: identity and account verification of the signed-in account. */
export const verificationStatusQuery = (viewer: string) =>
  queryOptions({
    queryKey: [verificationStatusRoot, viewer],
    queryFn: ({ signal }) => api('verificationStatus', undefined, { signal }),
  });

export function useVerificationStatus(enabled = true) {
  const { token } = useSession();
  return useQuery({ ...verificationStatusQuery(useViewerKey()), enabled: enabled && token !== null });
}

/**
 * Whether the signed-in person has the creator's dashboard: an approved identity, or a VIP offer of
 * their own (kept by someone whose identity came up for review again). Read rarely: it changes when a
 * moderator decides or the creator sets a price.
 */
export function useHasCreatorDashboard(): boolean {
  const { token, username } = useSession();
  const viewer = useViewerKey();
  const status = useQuery({ ...verificationStatusQuery(viewer), enabled: token !== null, staleTime: 5 * 60_000 });
  const approved = status.data?.identity === 'approved';
  const ownVip = useQuery({
    ...userVipQuery(username ?? '', viewer),
    enabled: token !== null && username !== null && status.isSuccess && !approved,
    staleTime: 5 * 60_000,
  });
  return token !== null && (approved || ownVip.data?.enabled === true);
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
