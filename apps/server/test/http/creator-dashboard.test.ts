import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatorDashboardResponse, MarkPayoutPaidResponse, PayoutsQueueResponse } from '@wag/contract/payments';
import { SYSTEM_ACTOR_USERNAME } from '@wag/contract/moderation-rules';
import type { NotificationsResponse } from '@wag/contract/notifications';
import type { LedgerKind } from '../../src/db/schema.js';
import { splitFee } from '../../src/payments/fees.js';
import { createUser, type TestUser } from '../support/factories.js';
import { setRole } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: TestSmtp;
let admin: TestUser;
let moderator: TestUser;
let fan: TestUser;

const START = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url, mailFrom: 'WAG <pagos@wag.test>' });
  admin = await createUser(t, { username: 'admin_pagos' });
  moderator = await createUser(t, { username: 'mod_pagos' });
  fan = await createUser(t, { username: 'fan_pagos' });
  await setRole(t, admin, 'admin');
  await setRole(t, moderator, 'moderator');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => t.clock.set(START));

const dashboard = async (who: TestUser) => {
  const response = await t.request({ method: 'GET', url: '/api/creator/dashboard', token: who.token });
  expect(response.statusCode).toBe(200);
  return response.json() as CreatorDashboardResponse;
};
const requestPayout = (who: TestUser, amount: number) => t.request({ method: 'POST', url: '/api/creator/payouts', token: who.token, payload: { amount } });
const desk = (who: TestUser | null, query = '') => t.request({ method: 'GET', url: `/api/moderation/payouts${query}`, token: who?.token });
const markPaid = (who: TestUser | null, id: string) => t.request({ method: 'POST', url: `/api/moderation/payouts/${id}/paid`, token: who?.token });

const login = async (user: TestUser) => (await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json().token as string;
const verifyIdentity = (user: TestUser, at: Date | null = START) => t.db.updateTable('users').set({ identity_verified_at: at }).where('id', '=', user.id).execute();

/** A ledger entry written straight into the database, split with the platform's fee as a sale is. */
async function entry(creator: TestUser, kind: LedgerKind, gross: number, at: Date, payer: TestUser | null = fan): Promise<string> {
  const split = kind === 'payout' ? { gross, fee: 0, net: gross } : splitFee(gross, t.config.payments.platformFeePercent);
  const row = await t.db
    .insertInto('ledger_entries')
    .values({ kind, payer_id: payer?.id ?? null, creator_id: creator.id, ...split, currency: 'USD', provider: 'sandbox', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A subscription row straight in the database: access while access_until is ahead. */
async function subscription(subscriber: TestUser, creator: TestUser, accessUntil: Date, status: 'active' | 'canceled' | 'expired' = 'active') {
  await t.db
    .insertInto('subscriptions')
    .values({
      subscriber_id: subscriber.id,
      creator_id: creator.id,
      provider: 'sandbox',
      status,
      price: 999,
      currency: 'USD',
      current_period_start: new Date(accessUntil.getTime() - 30 * 86_400_000),
      current_period_end: accessUntil,
      access_until: accessUntil,
      accepted_immediate_access_at: START,
    })
    .execute();
}

/** A creator, identity-verified, with `balance` cents of net earnings from one sale of a fan. */
async function creatorWithBalance(prefix: string, net: number): Promise<TestUser> {
  const creator = await createUser(t, { username: `${prefix}${Math.random().toString(36).slice(2, 8)}` });
  await verifyIdentity(creator);
  await t.db
    .insertInto('ledger_entries')
    .values({ kind: 'story_purchase', payer_id: fan.id, creator_id: creator.id, gross: net, fee: 0, net, currency: 'USD', provider: 'sandbox', created_at: START })
    .execute();
  return creator;
}

describe('GET /api/creator/dashboard', () => {
  it('is for signed-in people only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/creator/dashboard' })).statusCode).toBe(401);
  });

  it('starts empty: no offer, no identity, twelve months of zeros ending with the current one', async () => {
    const newcomer = await createUser(t);
    const board = await dashboard(newcomer);
    expect(board.vip).toEqual({ enabled: false, monthlyPrice: null, storyPrice: null, currency: 'USD' });
    expect(board).toMatchObject({ identity: 'none', subscribers: 0, balance: 0, currency: 'USD', platformFeePercent: 20, latestPayments: [], recentPosts: [], payouts: [] });
    expect(board.earningsByMonth.map((month) => month.month)).toEqual([
      '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ]);
    expect(board.earningsByMonth.every((month) => month.gross === 0 && month.fee === 0 && month.net === 0)).toBe(true);
  });

  it('sums sales and reversals by UTC month over the last twelve, leaving out payouts, other creators and older months', async () => {
    const creator = await createUser(t);
    const other = await createUser(t);
    await verifyIdentity(creator);
    t.clock.set(new Date('2026-03-15T10:00:00Z'));
    await entry(creator, 'subscription', 1000, new Date('2025-03-31T23:59:59Z')); // before the window
    await entry(creator, 'subscription', 1000, new Date('2025-04-01T00:00:00Z')); // its first month
    await entry(creator, 'renewal', 999, new Date('2026-01-10T08:00:00Z'));
    // 23:30 UTC on the 31st is already February in Madrid: the month is UTC's.
    await entry(creator, 'story_purchase', 500, new Date('2026-01-31T23:30:00Z'));
    await entry(creator, 'refund', -999, new Date('2026-02-01T00:10:00Z'));
    await entry(creator, 'chargeback', -500, new Date('2026-03-02T00:00:00Z'));
    await entry(creator, 'story_purchase', 1299, new Date('2026-03-14T00:00:00Z'));
    await entry(creator, 'payout', -100, new Date('2026-03-14T01:00:00Z'), null);
    await entry(other, 'subscription', 5000, new Date('2026-03-10T00:00:00Z'));

    const board = await dashboard(creator);
    const months = Object.fromEntries(board.earningsByMonth.map(({ month, ...sums }) => [month, sums]));
    expect(board.earningsByMonth).toHaveLength(12);
    expect(board.earningsByMonth[0]!.month).toBe('2025-04');
    expect(board.earningsByMonth.at(-1)!.month).toBe('2026-03');
    expect(months['2025-04']).toEqual({ gross: 1000, fee: 200, net: 800 });
    expect(months['2026-01']).toEqual({ gross: 1499, fee: 300, net: 1199 }); // 999 → 200 + 799; 500 → 100 + 400
    expect(months['2026-02']).toEqual({ gross: -999, fee: -200, net: -799 });
    expect(months['2026-03']).toEqual({ gross: 799, fee: 160, net: 639 }); // -500 → -100/-400; 1299 → 260/1039
    expect(months['2025-12']).toEqual({ gross: 0, fee: 0, net: 0 });
    // Every net entry, the older month and the payout included.
    expect(board.balance).toBe(800 + 800 + 799 + 400 - 799 - 400 + 1039 - 100);

    // A month later the window moves: April 2025 leaves it, April 2026 comes in with zeros.
    t.clock.set(new Date('2026-04-02T00:00:00Z'));
    const later = await dashboard(creator);
    expect(later.earningsByMonth[0]!.month).toBe('2025-05');
    expect(later.earningsByMonth.at(-1)).toEqual({ month: '2026-04', gross: 0, fee: 0, net: 0 });
    expect(later.earningsByMonth.reduce((sum, month) => sum + month.net, 0)).toBe(1199 - 799 + 639);
  });

  it('lists the latest payments newest first with the payer, and no name for a deleted payer', async () => {
    const creator = await createUser(t);
    const gone = await createUser(t);
    for (let i = 0; i < 22; i += 1) await entry(creator, 'renewal', 300 + i, new Date(START.getTime() - (22 - i) * 60_000));
    await entry(creator, 'story_purchase', 700, new Date(START.getTime() - 30_000), gone);
    await t.db.updateTable('users').set({ deleted_at: START }).where('id', '=', gone.id).execute();

    const board = await dashboard(creator);
    expect(board.latestPayments).toHaveLength(20);
    expect(board.latestPayments[0]).toMatchObject({ kind: 'story_purchase', gross: 700, fee: 140, net: 560, currency: 'USD', payer: null });
    expect(board.latestPayments[1]).toMatchObject({ kind: 'renewal', gross: 321, payer: fan.username });
    expect(board.latestPayments.map((line) => line.at)).toEqual([...board.latestPayments.map((line) => line.at)].sort().reverse());
  });

  it('counts only subscribers whose access runs now, whatever their status', async () => {
    const creator = await createUser(t);
    const [a, b, c, d] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const other = await createUser(t);
    await subscription(a, creator, new Date(START.getTime() + 10 * 86_400_000));
    await subscription(b, creator, new Date(START.getTime() + 2 * 86_400_000), 'canceled'); // cancelled, paid period still running
    await subscription(c, creator, new Date(START.getTime() - 1000), 'expired');
    await subscription(d, other, new Date(START.getTime() + 10 * 86_400_000));
    expect((await dashboard(creator)).subscribers).toBe(2);
    t.clock.advance(3 * 86_400_000);
    expect((await dashboard(creator)).subscribers).toBe(1);
    t.clock.advance(30 * 86_400_000);
    expect((await dashboard(creator)).subscribers).toBe(0);
  });

  it('tells the offer and where the identity stands', async () => {
    const creator = await createUser(t);
    await t.db.insertInto('identity_verifications').values({ user_id: creator.id, status: 'rejected', dob: '1995-04-12', dob_matches: true, created_at: new Date(START.getTime() - 2000) }).execute();
    expect((await dashboard(creator)).identity).toBe('rejected');
    await t.db.insertInto('identity_verifications').values({ user_id: creator.id, status: 'pending', dob: '1995-04-12', dob_matches: true, created_at: new Date(START.getTime() - 1000) }).execute();
    expect((await dashboard(creator)).identity).toBe('pending');
    await verifyIdentity(creator);
    await t.db.insertInto('vip_plans').values({ user_id: creator.id, monthly_price: 999, story_price: 499 }).execute();
    const board = await dashboard(creator);
    expect(board.identity).toBe('approved');
    expect(board.vip).toEqual({ enabled: true, monthlyPrice: 999, storyPrice: 499, currency: 'USD' });
  });

  it('shows the twelve latest posts with their counters and thumbnails', async () => {
    const creator = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 13; i += 1) {
      const post = await insertPost(t, creator.id, { createdAt: new Date(START.getTime() - (13 - i) * 60_000), postType: i === 12 ? 'vip' : 'grid' });
      await t.db.updateTable('posts').set({ views_count: i * 10, likes_count: i, comments_count: i % 3 }).where('id', '=', post.id).execute();
      ids.push(post.id);
    }
    const board = await dashboard(creator);
    expect(board.recentPosts.map((post) => post.id)).toEqual(ids.slice(1).reverse());
    const newest = board.recentPosts[0]!;
    const media = await t.db.selectFrom('post_media').select('thumb_key').where('post_id', '=', newest.id).executeTakeFirstOrThrow();
    expect(newest).toMatchObject({ visibility: 'subscribers', postType: 'vip', views: 120, likes: 12, comments: 0, thumbnailUrl: `/media/${media.thumb_key}` });
  });
});

describe('POST /api/creator/payouts', () => {
  it('is only for identity-verified, unsuspended creators, within the balance and from 1.00', async () => {
    const creator = await createUser(t);
    await entry(creator, 'subscription', 1000, new Date(START.getTime() - 60_000)); // net 800
    expect((await t.request({ method: 'POST', url: '/api/creator/payouts', payload: { amount: 500 } })).statusCode).toBe(401);

    const unverified = await requestPayout(creator, 500);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ success: false, message: 'Solo las cuentas con identidad verificada pueden recibir pagos.' });

    await verifyIdentity(creator);
    await t.db.updateTable('users').set({ suspended_until: new Date(START.getTime() + 86_400_000) }).where('id', '=', creator.id).execute();
    const suspended = await requestPayout(creator, 500);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe('Tu cuenta está suspendida: no puede hacer pagos ni recibirlos.');
    await t.db.updateTable('users').set({ suspended_until: new Date(START.getTime() - 1000) }).where('id', '=', creator.id).execute();

    const tooMuch = await requestPayout(creator, 801);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('El importe supera tu saldo disponible.');
    const tooLittle = await requestPayout(creator, 99);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().message).toBe('El importe mínimo de un pago es 1,00.');
    expect((await requestPayout(creator, 0)).statusCode).toBe(400);
    expect((await requestPayout(creator, 12.5)).statusCode).toBe(400);
    expect((await t.db.selectFrom('payouts').select('id').where('creator_id', '=', creator.id).execute()).length).toBe(0);

    const ok = await requestPayout(creator, 500);
    expect(ok.statusCode).toBe(201);
    const body = ok.json();
    expect(body).toMatchObject({ success: true, message: 'Solicitud de pago enviada. Te avisaremos cuando se haya pagado.', payout: { amount: 500, currency: 'USD', status: 'requested', requestedAt: START.toISOString(), paidAt: null } });
    const stored = await t.db.selectFrom('payouts').innerJoin('ledger_entries as l', 'l.id', 'payouts.ledger_entry_id').selectAll('l').where('payouts.id', '=', body.payout.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: 'payout', creator_id: creator.id, payer_id: null, gross: -500, fee: 0, net: -500, provider: 'manual', currency: 'USD' });

    const board = await dashboard(creator);
    expect(board.balance).toBe(300);
    expect(board.payouts).toEqual([body.payout]);
    expect(board.latestPayments[0]).toMatchObject({ kind: 'payout', gross: -500, net: -500, payer: null });
    // Payouts are not earnings.
    expect(board.earningsByMonth.at(-1)).toEqual({ month: '2026-11', gross: 1000, fee: 200, net: 800 });
    expect((await requestPayout(creator, 301)).statusCode).toBe(400);
    expect((await requestPayout(creator, 300)).statusCode).toBe(201);
    expect((await dashboard(creator)).balance).toBe(0);
  });

  it('lets only one of several requests at once for the whole balance through', async () => {
    const creator = await creatorWithBalance('race', 2500);
    // Each its own session, so that no per-session step puts the requests in a line before the service.
    const sessions = await Promise.all(Array.from({ length: 5 }, () => login(creator)));
    const results = await Promise.all(sessions.map((token) => t.request({ method: 'POST', url: '/api/creator/payouts', token, payload: { amount: 2500 } })));
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    expect((await dashboard(creator)).balance).toBe(0);
    expect((await t.db.selectFrom('payouts').select('id').where('creator_id', '=', creator.id).execute()).length).toBe(1);
  });

  it('is rate limited', async () => {
    const limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
    try {
      const creator = await createUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await limited.request({ method: 'POST', url: '/api/creator/payouts', token: creator.token, payload: { amount: 100 } })).statusCode);
      expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
      expect(statuses[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the payouts desk', () => {
  it('is for admins only', async () => {
    expect((await desk(null)).statusCode).toBe(401);
    const byModerator = await desk(moderator);
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().message).toBe('Solo un administrador puede hacer esto.');
    expect((await desk(fan)).statusCode).toBe(403);
    const creator = await creatorWithBalance('solo', 1000);
    const { payout } = (await requestPayout(creator, 1000)).json();
    expect((await markPaid(moderator, payout.id)).statusCode).toBe(403);
    expect((await markPaid(creator, payout.id)).statusCode).toBe(403);
    expect((await markPaid(null, payout.id)).statusCode).toBe(401);
    expect((await t.db.selectFrom('payouts').select('status').where('id', '=', payout.id).executeTakeFirstOrThrow()).status).toBe('requested');
  });

  it('lists waiting requests oldest first, page by page, with each creator’s balance now', async () => {
    const creator = await creatorWithBalance('queue', 100_000);
    const ids: string[] = [];
    for (let i = 0; i < 32; i += 1) {
      t.clock.advance(1000);
      const response = await requestPayout(creator, 100);
      expect(response.statusCode).toBe(201);
      ids.push(response.json().payout.id);
    }
    const pages: PayoutsQueueResponse[] = [];
    let cursor: string | null = null;
    do {
      const response = await desk(admin, cursor ? `?cursor=${cursor}` : '');
      expect(response.statusCode).toBe(200);
      pages.push(response.json() as PayoutsQueueResponse);
      cursor = pages.at(-1)!.nextCursor;
    } while (cursor);
    expect(pages[0]!.items).toHaveLength(30);
    const mine = pages.flatMap((page) => page.items).filter((item) => item.creator.username === creator.username);
    expect(mine.map((item) => item.id)).toEqual(ids);
    expect(mine[0]).toMatchObject({ amount: 100, currency: 'USD', status: 'requested', paidAt: null, paidBy: null, creatorBalance: 100_000 - 3200 });
    const all = pages.flatMap((page) => page.items);
    expect(all.map((item) => item.requestedAt)).toEqual([...all.map((item) => item.requestedAt)].sort());
    expect((await desk(admin, '?cursor=nonsense')).statusCode).toBe(400);
  });

  it('marks a payout paid once, and tells its creator by notification and by mail in their language', async () => {
    const creator = await creatorWithBalance('paid', 5000);
    expect((await t.request({ method: 'PATCH', url: '/api/account/preferences', token: creator.token, payload: { language: 'en' } })).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-22T13:00:00Z'));
    const { payout } = (await requestPayout(creator, 4000)).json();
    await t.app.services.jobs.drain();
    const mailsBefore = smtp.received.length;

    t.clock.set(new Date('2026-11-24T09:00:00Z'));
    const paid = await markPaid(admin, payout.id);
    expect(paid.statusCode).toBe(200);
    const body = paid.json() as MarkPayoutPaidResponse;
    expect(body).toMatchObject({
      success: true,
      message: 'Pago marcado como pagado. Avisamos a su creador.',
      payout: { id: payout.id, status: 'paid', paidAt: '2026-11-24T09:00:00.000Z', paidBy: admin.username, amount: 4000, creatorBalance: 1000, creator: { username: creator.username } },
    });
    const again = await markPaid(admin, payout.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta solicitud de pago ya está marcada como pagada.');
    expect((await markPaid(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markPaid(admin, 'not-an-id')).statusCode).toBe(404);

    const row = await t.db.selectFrom('payouts').selectAll().where('id', '=', payout.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', paid_by: admin.id });
    // Paying out moves no money in the books: the request's entry already did.
    expect((await dashboard(creator)).balance).toBe(1000);
    expect((await dashboard(creator)).payouts[0]).toMatchObject({ id: payout.id, status: 'paid', paidAt: '2026-11-24T09:00:00.000Z' });

    const waiting = (await desk(admin)).json() as PayoutsQueueResponse;
    expect(waiting.items.some((item) => item.id === payout.id)).toBe(false);
    const done = (await desk(admin, '?status=paid')).json() as PayoutsQueueResponse;
    expect(done.items[0]).toMatchObject({ id: payout.id, paidBy: admin.username });

    const lines = ((await t.request({ method: 'GET', url: '/api/notifications', token: creator.token })).json() as NotificationsResponse).items;
    const line = lines.find((item) => item.type === 'payout_paid');
    expect(line).toMatchObject({ actor: { username: SYSTEM_ACTOR_USERNAME }, detail: null, read: false });
    expect(lines.filter((item) => item.type === 'payout_paid')).toHaveLength(1);

    await t.app.services.jobs.drain();
    const mails = smtp.received.slice(mailsBefore).filter(notAddressConfirmation);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your payout has been paid');
    expect(mails[0]!.to).toMatchObject({ text: creator.email });
    expect(mails[0]!.text).toContain('$40.00');
    expect(mails[0]!.text).toContain(`@${creator.username}`);
  });

  it('marks paid once even when two admins press at the same moment', async () => {
    const second = await createUser(t);
    await setRole(t, second, 'admin');
    const creator = await creatorWithBalance('twice', 1000);
    const { payout } = (await requestPayout(creator, 1000)).json();
    const before = await t.db.selectFrom('notifications').select('id').where('recipient_id', '=', creator.id).where('type', '=', 'payout_paid').execute();
    const results = await Promise.all([markPaid(admin, payout.id), markPaid(second, payout.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await t.db.selectFrom('notifications').select('id').where('recipient_id', '=', creator.id).where('type', '=', 'payout_paid').execute();
    expect(after.length - before.length).toBe(1);
  });
});
