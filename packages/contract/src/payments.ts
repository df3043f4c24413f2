import { z } from 'zod';

// VIP: subscriptions, 'Comprar Story', account verification, the creator's dashboard and payouts
// (issue 15; docs/product-decisions.md §10). Amounts are integer cents of `currency` (USD by default).

/** The lowest and highest price a creator may set, in cents (2.99 to 499.99). */
export const MIN_PRICE_CENTS = 299;
export const MAX_PRICE_CENTS = 49_999;
/** The one-time account-verification fee (docs/product.md §9: 1.00 USD). */
export const VERIFICATION_FEE_CENTS = 100;
/** Days a subscription whose renewal failed keeps its access before it expires. */
export const GRACE_DAYS = 3;

const cents = z.number().int();

/**
 * Every payment body: the card form of the sandbox provider (docs/product.md §3: cardNumber, expiryDate
 * MM/AA, cvv), or nothing of it for the processor's hosted form; and the buyer's agreement that access
 * starts at once (ending the EU withdrawal right for digital content), without which nothing is charged.
 */
export const paymentBody = z.object({
  // Bounded, but loosely: the server reads the form and names what is wrong with it.
  cardNumber: z.string().max(100).optional(),
  expiryDate: z.string().max(20).optional(),
  cvv: z.string().max(20).optional(),
  acceptImmediateAccess: z.boolean().optional(),
});
export type PaymentBody = z.infer<typeof paymentBody>;

/** Which provider takes payments: the sandbox (test cards only, clearly a test) or CCBill's hosted form. */
export const paymentProviderName = z.enum(['sandbox', 'ccbill']);
export type PaymentProviderName = z.infer<typeof paymentProviderName>;

/** GET /api/payments/info: what the payment sheet needs to say before anyone pays. */
export const paymentInfoResponse = z.object({
  provider: paymentProviderName,
  /** True for the sandbox: the screens say it is a test mode and which cards work. */
  testMode: z.boolean(),
  currency: z.string(),
  platformFeePercent: z.number(),
  verificationFee: cents,
});
export type PaymentInfoResponse = z.infer<typeof paymentInfoResponse>;

/** A creator's VIP offer. */
export const vipOffer = z.object({
  enabled: z.boolean(),
  monthlyPrice: cents.nullable(),
  storyPrice: cents.nullable(),
  currency: z.string(),
});
export type VipOffer = z.infer<typeof vipOffer>;

/**
 * PUT /api/creator/vip: identity-verified accounts only. Whole cents; the range (MIN_PRICE_CENTS to
 * MAX_PRICE_CENTS) is checked by the server, which says so in Spanish.
 */
export const vipSettingsBody = z.object({ monthlyPrice: z.number().int(), storyPrice: z.number().int() });
export const vipSettingsResponse = z.object({ success: z.literal(true), vip: vipOffer });
export type VipSettingsResponse = z.infer<typeof vipSettingsResponse>;

export const subscriptionStatus = z.enum(['active', 'past_due', 'canceled', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** GET /api/users/:username/vip: the offer and how the viewer stands to it. */
export const userVipResponse = vipOffer.extend({
  /** The viewer may see this creator's subscribers-only content now. */
  isSubscribed: z.boolean(),
  status: subscriptionStatus.nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Subscribers-only stories live now that the viewer cannot open ('Comprar Story' unlocks them). */
  lockedStories: z.number().int().nonnegative(),
});
export type UserVipResponse = z.infer<typeof userVipResponse>;

export const cardSummary = z.object({ brand: z.string(), last4: z.string() });

export const subscription = z.object({
  id: z.string(),
  creator: z.object({
    username: z.string(),
    fullName: z.string().nullable(),
    profilePictureUrl: z.string().nullable(),
    isVerified: z.boolean(),
  }),
  status: subscriptionStatus,
  price: cents,
  currency: z.string(),
  provider: paymentProviderName,
  startedAt: z.string(),
  currentPeriodEnd: z.string(),
  /** Access lasts until then (the period's end, or the end of the grace after a failed renewal). */
  accessUntil: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  card: cardSummary.nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/** POST /api/users/:username/vip/subscribe: charged with the card, or the processor's form to open. */
export const subscribeResponse = z.union([
  z.object({ success: z.literal(true), subscription }),
  z.object({ success: z.literal(true), checkoutUrl: z.string() }),
]);
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

/** DELETE /api/users/:username/vip/subscribe: access stays to the end of the paid period. */
export const cancelSubscriptionResponse = z.object({ success: z.literal(true), subscription, message: z.string() });

export const subscriptionsQuery = z.object({ cursor: z.string().max(300).optional() });
export const subscriptionsResponse = z.object({ items: z.array(subscription), nextCursor: z.string().nullable() });
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponse>;

/** POST /api/users/:username/vip/stories/purchase: the stories unlocked, or the processor's form. */
export const storyPurchaseResponse = z.union([
  z.object({ success: z.literal(true), unlocked: z.number().int().nonnegative(), message: z.string() }),
  z.object({ success: z.literal(true), checkoutUrl: z.string() }),
]);
export type StoryPurchaseResponse = z.infer<typeof storyPurchaseResponse>;

export const identityStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type IdentityStatus = z.infer<typeof identityStatus>;

/** GET /api/verification/status. */
export const verificationStatusResponse = z.object({
  identity: identityStatus,
  identityReason: z.string().nullable(),
  account: z.enum(['none', 'active']),
});
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponse>;

/** POST /api/verification/identity (multipart dob, idFront, idBack, selfie). */
export const identityVerificationResponse = z.object({ success: z.literal(true), status: z.literal('pending'), message: z.string() });

/** POST /api/verification/account: the verified check after the one-time fee, or the processor's form. */
export const accountVerificationResponse = z.union([
  z.object({ success: z.literal(true), account: z.literal('active'), message: z.string() }),
  z.object({ success: z.literal(true), checkoutUrl: z.string() }),
]);
export type AccountVerificationResponse = z.infer<typeof accountVerificationResponse>;

export const ledgerKind = z.enum(['subscription', 'renewal', 'story_purchase', 'verification_fee', 'refund', 'chargeback', 'payout']);
export type LedgerKind = z.infer<typeof ledgerKind>;

export const payoutStatus = z.enum(['requested', 'paid']);
export const payout = z.object({
  id: z.string(),
  amount: cents,
  currency: z.string(),
  status: payoutStatus,
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

/** GET /api/creator/dashboard. */
export const creatorDashboardResponse = z.object({
  vip: vipOffer,
  identity: identityStatus,
  subscribers: z.number().int().nonnegative(),
  currency: z.string(),
  platformFeePercent: z.number(),
  /** What can be paid out now: every net entry, payouts already requested taken off. */
  balance: cents,
  /** The last twelve months, oldest first, 'YYYY-MM'. */
  earningsByMonth: z.array(z.object({ month: z.string(), gross: cents, fee: cents, net: cents })),
  latestPayments: z.array(
    z.object({
      id: z.string(),
      kind: ledgerKind,
      gross: cents,
      fee: cents,
      net: cents,
      currency: z.string(),
      at: z.string(),
      payer: z.string().nullable(),
    }),
  ),
  recentPosts: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      /** Where it opens: a quicky at /quicky/{slug}, anything else at /post/{slug}. */
      postType: z.enum(['grid', 'quicky', 'vip']),
      title: z.string().nullable(),
      visibility: z.enum(['public', 'followers', 'subscribers']),
      thumbnailUrl: z.string().nullable(),
      views: z.number().int(),
      likes: z.number().int(),
      comments: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  payouts: z.array(payout),
});
export type CreatorDashboardResponse = z.infer<typeof creatorDashboardResponse>;

/** POST /api/creator/payouts. */
export const payoutBody = z.object({ amount: z.number().int().positive() });
export const payoutResponse = z.object({ success: z.literal(true), payout, message: z.string() });

/** The smallest payout a creator may ask for, in cents (1.00). */
export const MIN_PAYOUT_CENTS = 100;
/** Payout requests a page of the admins' desk shows. */
export const PAYOUTS_QUEUE_PAGE_SIZE = 30;

/**
 * GET /api/moderation/payouts?status=requested|paid&cursor=: admins only. Requests waiting, the
 * oldest first; paid ones, the latest paid first.
 */
export const payoutsQueueQuery = z.object({ status: payoutStatus.optional(), cursor: z.string().max(300).optional() });
export const payoutsQueueItem = payout.extend({
  creator: z.object({ username: z.string(), fullName: z.string().nullable(), profilePictureUrl: z.string().nullable() }),
  /** The admin who marked it paid (null while requested, or an account since deleted). */
  paidBy: z.string().nullable(),
  /** The creator's balance now (their payouts already taken off). */
  creatorBalance: cents,
});
export type PayoutsQueueItem = z.infer<typeof payoutsQueueItem>;
export const payoutsQueueResponse = z.object({ items: z.array(payoutsQueueItem), nextCursor: z.string().nullable() });
export type PayoutsQueueResponse = z.infer<typeof payoutsQueueResponse>;

/** POST /api/moderation/payouts/:id/paid: an admin marks a payout paid (the transfer is made by hand). */
export const payoutIdParam = z.object({ id: z.string().min(1).max(100) });
export const markPayoutPaidResponse = z.object({ success: z.literal(true), payout: payoutsQueueItem, message: z.string() });
export type MarkPayoutPaidResponse = z.infer<typeof markPayoutPaidResponse>;
/**
 * POST /api/payments/ccbill/webhook/:secret?eventType=…: CCBill's webhook posts (docs/decisions/0020).
 * The address carries WAG's webhook secret; CCBill names the event in the query (with its account,
 * subaccount and event group) and posts the fields as JSON or URL-encoded, as its configuration says.
 */
export const ccbillWebhookParams = z.object({ secret: z.string().max(200) });
export const ccbillWebhookQuery = z.object({
  eventType: z.string().min(1).max(60),
  eventGroupType: z.string().max(60).optional(),
  clientAccnum: z.string().max(20).optional(),
  clientSubacc: z.string().max(20).optional(),
});
/** The event's fields, flat, as CCBill documents them per event; read by the server's adapter. */
export const ccbillWebhookBody = z.record(z.string(), z.unknown());
