import type { PaymentInfoResponse, Subscription, UserVipResponse } from '@wag/contract/payments';

/** GET /api/payments/info of the embedded start: the sandbox, a test mode. */
export const sandboxInfo: PaymentInfoResponse = { provider: 'sandbox', testMode: true, currency: 'USD', platformFeePercent: 20, verificationFee: 100 };

/** GET /api/users/{username}/vip of a creator with an offer the viewer is not subscribed to. */
export function makeVip(overrides: Partial<UserVipResponse> = {}): UserVipResponse {
  return {
    enabled: true,
    monthlyPrice: 999,
    storyPrice: 499,
    currency: 'USD',
    isSubscribed: false,
    status: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    lockedStories: 0,
    ...overrides,
  };
}

/** An active monthly subscription to `username`, paid with the test Visa. */
export function makeSubscription(username = 'valeria_rios', overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: `s-${username}`,
    creator: { username, fullName: username === 'valeria_rios' ? 'Valeria Ríos' : null, profilePictureUrl: null, isVerified: true },
    status: 'active',
    price: 999,
    currency: 'USD',
    provider: 'sandbox',
    startedAt: '2026-11-25T10:00:00.000Z',
    currentPeriodEnd: '2026-12-25T10:00:00.000Z',
    accessUntil: '2026-12-25T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    card: { brand: 'visa', last4: '4242' },
    ...overrides,
  };
}
