import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { splitFee } from '../payments/fees.js';
import { addMonths } from '../services/subscriptions.service.js';
import { TRY_ACCOUNT } from './world-data.js';

const DAY = 24 * 60 * 60 * 1000;
/** The demo's platform fee: the default of PLATFORM_FEE_PERCENT. */
const FEE_PERCENT = 20;

/** Each WAG Star's VIP prices, in cents of USD: [monthly, story]. */
const PRICES: Record<string, [number, number]> = {
  valeria_rios: [999, 299],
  camila_ortega: [1299, 399],
  lucia_moda: [1499, 499],
  mateo_fit: [799, 299],
  sofi_travels: [599, 299],
  dani_vibes: [1999, 599],
};

/** The try-out account subscribes to this star: its VIP tab opens, the others stay locked. */
export const DEMO_SUBSCRIBED_TO = 'valeria_rios';

/**
 * A sandbox card token the demo's subscriptions renew with (a Visa ending 4242, valid through 2030),
 * kept in the sandbox's own books as its processor would keep it: never a card number.
 */
const DEMO_CARD = { token: 'sbx_card_demo_visa_4242', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, outcome: 'approved' as const };

/**
 * The demo world's money: the six WAG Stars are identity-verified (their documents reviewed and
 * long deleted) with VIP prices; other creators have subscribed to them over the last months, each
 * month one ledger entry, so the creator dashboards have earnings; and the try-out account
 * subscribes to one star. Runs inside the seeding transaction.
 */
export async function seedPayments(trx: Transaction<DB>, now: Date): Promise<void> {
  const users = await trx.selectFrom('users').select(['id', 'username', 'birth_date', 'featured_rank', 'created_at']).execute();
  const stars = users.filter((user) => user.featured_rank !== null && PRICES[user.username]).sort((a, b) => a.featured_rank! - b.featured_rank!);
  const fans = users.filter((user) => user.featured_rank === null && !['moderacion', 'promo_seguidores', TRY_ACCOUNT.username].includes(user.username));
  const demo = users.find((user) => user.username === TRY_ACCOUNT.username);

  for (const star of stars) {
    const approvedAt = new Date(new Date(star.created_at).getTime() + 2 * DAY);
    await trx.updateTable('users').set({ identity_verified_at: approvedAt }).where('id', '=', star.id).execute();
    await trx
      .insertInto('identity_verifications')
      .values({
        user_id: star.id,
        status: 'approved',
        dob: String(star.birth_date).slice(0, 10),
        dob_matches: true,
        document_keys: [],
        decided_at: approvedAt,
        created_at: new Date(approvedAt.getTime() - DAY),
        documents_deleted_at: new Date(approvedAt.getTime() + 30 * DAY),
      })
      .execute();
    const [monthly, story] = PRICES[star.username]!;
    await trx.insertInto('vip_plans').values({ user_id: star.id, monthly_price: monthly, story_price: story, currency: 'USD', created_at: approvedAt, updated_at: approvedAt }).execute();
  }
  await trx.insertInto('sandbox_cards').values(DEMO_CARD).execute();

  /** A subscription begun `monthsAgo` months (and `days` days) ago, renewed every month since. */
  async function subscription(subscriberId: string, star: (typeof stars)[number], monthsAgo: number, days: number) {
    const [monthly] = PRICES[star.username]!;
    let start = new Date(now.getTime() - days * DAY);
    for (let i = 0; i < monthsAgo; i += 1) start = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes()));
    const periods: Date[] = [start];
    while (addMonths(start, periods.length).getTime() <= now.getTime()) periods.push(addMonths(start, periods.length));
    const periodStart = periods.at(-1)!;
    const periodEnd = addMonths(start, periods.length);
    const row = await trx
      .insertInto('subscriptions')
      .values({
        subscriber_id: subscriberId,
        creator_id: star.id,
        provider: 'sandbox',
        provider_ref: null,
        status: 'active',
        price: monthly,
        currency: 'USD',
        card_brand: DEMO_CARD.brand,
        card_last4: DEMO_CARD.last4,
        card_token: DEMO_CARD.token,
        current_period_start: periodStart,
        current_period_end: periodEnd,
        access_until: periodEnd,
        accepted_immediate_access_at: start,
        created_at: start,
        updated_at: periodStart,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_entries')
      .values(
        periods.map((period, i) => ({
          kind: i === 0 ? ('subscription' as const) : ('renewal' as const),
          payer_id: subscriberId,
          creator_id: star.id,
          subscription_id: row.id,
          period_start: period,
          ...splitFee(monthly, FEE_PERCENT),
          currency: 'USD',
          provider: 'sandbox',
          provider_ref: `sbx_ch_demo_${row.id.slice(0, 8)}_${i}`,
          card_brand: DEMO_CARD.brand,
          card_last4: DEMO_CARD.last4,
          accepted_immediate_access_at: start,
          created_at: period,
        })),
      )
      .execute();
  }

  // Two to five fans per star, begun up to five months ago (the same draws every time).
  for (const [index, star] of stars.entries()) {
    const count = 2 + ((index * 3) % 4);
    for (let i = 0; i < count; i += 1) {
      const fan = fans[(index * 2 + i) % fans.length]!;
      await subscription(fan.id, star, (index + i) % 6, 3 + ((index * 7 + i * 5) % 20));
    }
  }
  const star = stars.find((user) => user.username === DEMO_SUBSCRIBED_TO);
  if (demo && star) {
    await subscription(demo.id, star, 0, 10);
    await trx.insertInto('notifications').values({ recipient_id: star.id, actor_id: demo.id, type: 'subscription', created_at: new Date(now.getTime() - 10 * DAY), read_at: now }).execute();
  }
}
