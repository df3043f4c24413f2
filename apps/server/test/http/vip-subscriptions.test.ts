import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_DECISION_TTL_MS } from '../../src/access/media-access.js';
import { productionProblems } from '../../src/lib/production-guard.js';
import { addMonth, nextPeriodEnd } from '../../src/services/subscriptions.service.js';
import { createUser, type TestUser } from '../support/factories.js';
import { insertStory } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const GOOD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvv: '123', acceptImmediateAccess: true };
const DECLINED = { ...GOOD, cardNumber: '4000 0000 0000 0002' };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterAll(() => t.close());

/** A creator whose identity a moderator approved, with a VIP offer, a VIP post (its file on disk) and a VIP story. */
async function creator(prices = { monthlyPrice: 999, storyPrice: 299 }) {
  const user = await createUser(t);
  await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', user.id).execute();
  const set = await t.request({ method: 'PUT', url: '/api/creator/vip', token: user.token, payload: prices });
  expect(set.statusCode).toBe(200);
  const post = await insertPost(t, user.id, { postType: 'vip', visibility: 'subscribers' });
  const media = await t.db.selectFrom('post_media').select('image_key').where('post_id', '=', post.id).executeTakeFirstOrThrow();
  await t.stored.write(media.image_key!, Buffer.from('vip picture'));
  const storyId = await insertStory(t, user.id, 'subscribers');
  return { user, post, mediaUrl: `/media/${media.image_key}`, storyId };
}

const subscribe = (fan: TestUser, username: string, body: Record<string, unknown> = GOOD) =>
  t.request({ method: 'POST', url: `/api/users/${username}/vip/subscribe`, token: fan.token, payload: body });

const vip = (viewer: TestUser | null, username: string) => t.request({ method: 'GET', url: `/api/users/${username}/vip`, token: viewer?.token });

async function postFor(viewer: TestUser | null, slug: string) {
  return (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: viewer?.token })).json().post;
}

const mediaFor = (url: string, viewer: TestUser | null) => t.request({ method: 'GET', url, headers: viewer ? { cookie: viewer.mediaCookie } : {} });

async function storyIdsFor(viewer: TestUser | null, username: string): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: `/api/stories/active/${username}`, token: viewer?.token });
  return (response.json().stories as Array<{ id: string }>).map((story) => String(story.id));
}

const ledgerOf = (subscriptionId: string) =>
  t.db.selectFrom('ledger_entries').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at').execute();

const settle = () => t.app.services.subscriptions.settleDue();

describe('the VIP offer', () => {
  it('is priced only by identity-verified accounts, within 2.99 and 499.99', async () => {
    const person = await createUser(t);
    const refused = await t.request({ method: 'PUT', url: '/api/creator/vip', token: person.token, payload: { monthlyPrice: 999, storyPrice: 299 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Verifica tu identidad antes de poner precio a tu contenido o publicar contenido VIP.');
    await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', person.id).execute();
    for (const price of [298, 50_000, -5]) {
      const refused = await t.request({ method: 'PUT', url: '/api/creator/vip', token: person.token, payload: { monthlyPrice: price, storyPrice: 299 } });
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 400, message: 'El precio debe estar entre 2,99 y 499,99.' });
    }
    expect((await t.request({ method: 'PUT', url: '/api/creator/vip', token: person.token, payload: { monthlyPrice: 9.99, storyPrice: 299 } })).statusCode).toBe(400);
    const set = await t.request({ method: 'PUT', url: '/api/creator/vip', token: person.token, payload: { monthlyPrice: 1499, storyPrice: 399 } });
    expect(set.json().vip).toEqual({ enabled: true, monthlyPrice: 1499, storyPrice: 399, currency: 'USD' });
    expect((await vip(null, person.username)).json()).toMatchObject({ enabled: true, monthlyPrice: 1499, isSubscribed: false, status: null });
    // Suspended, the offer closes: nobody can subscribe.
    await t.db.updateTable('users').set({ suspended_until: new Date(t.clock.now().getTime() + DAY) }).where('id', '=', person.id).execute();
    const fan = await createUser(t);
    expect((await subscribe(fan, person.username)).statusCode).toBe(404);
    await t.db.updateTable('users').set({ suspended_until: null }).where('id', '=', person.id).execute();
  });

  it('says where the money goes and that the sandbox is a test mode', async () => {
    expect((await t.request({ method: 'GET', url: '/api/payments/info' })).json()).toEqual({
      provider: 'sandbox',
      testMode: true,
      currency: 'USD',
      platformFeePercent: 20,
      verificationFee: 100,
    });
  });
});

describe('subscribing with the sandbox', () => {
  it('refuses a payment without the agreement, a bad form, a card that is not a test card and a declined card, charging nothing', async () => {
    const { user } = await creator();
    const fan = await createUser(t);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...GOOD, acceptImmediateAccess: undefined }, 400, 'Para pagar, acepta que el acceso empieza de inmediato y que por eso renuncias al derecho de desistimiento.'],
      [{ ...GOOD, acceptImmediateAccess: false }, 400, 'Para pagar, acepta que el acceso empieza de inmediato y que por eso renuncias al derecho de desistimiento.'],
      [{ ...GOOD, cardNumber: '4242 4242 4242 4241' }, 400, 'El número de la tarjeta no es válido.'],
      [{ ...GOOD, cardNumber: '4'.repeat(60) }, 400, 'El número de la tarjeta no es válido.'],
      [{ ...GOOD, expiryDate: '10/26' }, 400, 'La tarjeta está vencida.'],
      [{ ...GOOD, expiryDate: '1226' }, 400, 'La fecha de vencimiento debe tener el formato MM/AA.'],
      [{ ...GOOD, cvv: '12' }, 400, 'El CVV debe tener 3 o 4 dígitos.'],
      [{ ...GOOD, cardNumber: '5555 5555 5555 4444' }, 400, 'Modo de prueba: solo se aceptan las tarjetas de prueba (4242 4242 4242 4242).'],
      [DECLINED, 402, 'Tu tarjeta fue rechazada.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await subscribe(fan, user.username, body);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
    }
    expect(await t.db.selectFrom('subscriptions').select('id').where('subscriber_id', '=', fan.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('ledger_entries').select('id').where('payer_id', '=', fan.id).execute()).toEqual([]);
    // The decline was recorded by the provider, as a processor records it; nothing else was charged.
    const charges = await t.db.selectFrom('sandbox_charges').select(['outcome', 'amount']).where('description', '=', 'WAG VIP').where('outcome', '=', 'declined').execute();
    expect(charges.length).toBeGreaterThanOrEqual(1);
    // Guests, oneself and a blocked pair cannot subscribe.
    expect((await t.request({ method: 'POST', url: `/api/users/${user.username}/vip/subscribe`, payload: GOOD })).statusCode).toBe(401);
    expect((await subscribe(user, user.username)).json().message).toBe('No puedes suscribirte a ti mismo.');
    const blocked = await createUser(t);
    await t.request({ method: 'POST', url: `/api/blocks/${blocked.username}`, token: user.token });
    expect((await subscribe(blocked, user.username)).statusCode).toBe(404);
  });

  it('opens the creator’s VIP posts, stories and files at once, records one charge with the fee and never keeps the card', async () => {
    const { user, post, mediaUrl, storyId } = await creator();
    const fan = await createUser(t);
    expect((await postFor(fan, post.slug)).locked).toBe(true);
    expect((await mediaFor(mediaUrl, fan)).statusCode).toBe(404);
    expect(await storyIdsFor(fan, user.username)).not.toContain(storyId);
    expect((await vip(fan, user.username)).json().lockedStories).toBe(1);

    const response = await subscribe(fan, user.username);
    expect(response.statusCode).toBe(200);
    const { subscription } = response.json();
    expect(subscription).toMatchObject({ status: 'active', price: 999, currency: 'USD', provider: 'sandbox', cancelAtPeriodEnd: false, card: { brand: 'visa', last4: '4242' } });
    expect(subscription.currentPeriodEnd).toBe(addMonth(t.clock.now()).toISOString());

    const opened = await postFor(fan, post.slug);
    expect(opened.locked).toBeFalsy();
    expect(opened.image_url).toBe(mediaUrl);
    const file = await mediaFor(mediaUrl, fan);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=60');
    expect(await storyIdsFor(fan, user.username)).toContain(storyId);
    expect((await vip(fan, user.username)).json()).toMatchObject({ isSubscribed: true, status: 'active', lockedStories: 0 });
    // Others still find it locked.
    const other = await createUser(t);
    expect((await postFor(other, post.slug)).locked).toBe(true);
    expect((await mediaFor(mediaUrl, other)).statusCode).toBe(404);

    const [entry, ...more] = await ledgerOf(subscription.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'subscription', gross: 999, fee: 200, net: 799, currency: 'USD', provider: 'sandbox', card_brand: 'visa', card_last4: '4242', payer_id: fan.id, creator_id: user.id });
    expect(entry!.accepted_immediate_access_at).not.toBeNull();
    expect(entry!.provider_ref).toMatch(/^sbx_ch_/);

    // The card number and the CVV are nowhere in the database.
    const dump = await sql<{ text: string }>`
      SELECT concat_ws('|', (SELECT json_agg(s)::text FROM subscriptions s), (SELECT json_agg(l)::text FROM ledger_entries l),
        (SELECT json_agg(c)::text FROM sandbox_cards c), (SELECT json_agg(c)::text FROM sandbox_charges c), (SELECT json_agg(j)::text FROM jobs j)) AS text`.execute(t.db);
    expect(dump.rows[0]!.text).not.toContain('4242424242424242');
    expect(dump.rows[0]!.text).not.toContain('4242 4242 4242 4242');

    // The creator hears of the new subscriber; the fan gets a receipt by mail.
    const lines = (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json().items;
    expect(lines[0]).toMatchObject({ type: 'subscription', actor: { username: fan.username } });
    const mails = await t.db.selectFrom('jobs').select('data').where('name', '=', 'mail.send').execute();
    expect(mails.some((job) => JSON.stringify(job.data).includes('"kind":"payment"') && JSON.stringify(job.data).includes('"event":"subscribed"'))).toBe(true);

    // Subscribing again is refused; the list shows it.
    expect((await subscribe(fan, user.username)).statusCode).toBe(409);
    const list = (await t.request({ method: 'GET', url: '/api/subscriptions', token: fan.token })).json();
    expect(list.items.map((item: { creator: { username: string } }) => item.creator.username)).toEqual([user.username]);
  });

  it('charges a request sent twice at once only once', async () => {
    const { user } = await creator();
    const fan = await createUser(t);
    const [a, b] = await Promise.all([subscribe(fan, user.username), subscribe(fan, user.username)]);
    expect([a.statusCode, b.statusCode].sort()).toContain(200);
    const subscriptions = await t.db.selectFrom('subscriptions').select('id').where('subscriber_id', '=', fan.id).execute();
    expect(subscriptions).toHaveLength(1);
    expect(await ledgerOf(subscriptions[0]!.id)).toHaveLength(1);
    const approved = await t.db.selectFrom('sandbox_charges').select('id').where('idempotency_key', 'like', `subscribe:${fan.id}:%`).where('outcome', '=', 'approved').execute();
    expect(approved).toHaveLength(1);
  });
});

describe('renewals, cancellation and the end of access (a test clock)', () => {
  it('renews each month once, even with two workers at once', async () => {
    const start = t.clock.now();
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    const [first, second] = await Promise.all([settle(), settle()]);
    expect(first.renewed + second.renewed).toBeGreaterThanOrEqual(1);
    const entries = await ledgerOf(subscription.id);
    expect(entries.map((entry) => entry.kind)).toEqual(['subscription', 'renewal']);
    expect(new Date(entries[1]!.period_start!).toISOString()).toBe(addMonth(start).toISOString());
    const charges = await t.db.selectFrom('sandbox_charges').select('id').where('idempotency_key', 'like', `renewal:${subscription.id}:%`).execute();
    expect(charges).toHaveLength(1);
    const row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(new Date(row.current_period_end).toISOString()).toBe(addMonth(addMonth(start)).toISOString());
    expect(row.status).toBe('active');
    // Settling again changes nothing.
    await settle();
    expect(await ledgerOf(subscription.id)).toHaveLength(2);
    t.clock.set(start);
  });

  it('keeps access to the end of the paid period after a cancellation, then ends it', async () => {
    const start = t.clock.now();
    const { user, post, mediaUrl } = await creator();
    const fan = await createUser(t);
    await subscribe(fan, user.username);
    const cancelled = await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Suscripción cancelada. Conservas el acceso hasta el final del periodo pagado.', subscription: { status: 'canceled', cancelAtPeriodEnd: true } });
    expect((await postFor(fan, post.slug)).locked).toBeFalsy();
    t.clock.set(new Date(addMonth(start).getTime() - 1000));
    await settle();
    expect((await postFor(fan, post.slug)).locked).toBeFalsy();
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    // Access ends by time alone, before any job runs; the job then records the end, charging nothing.
    expect((await postFor(fan, post.slug)).locked).toBe(true);
    t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
    expect((await mediaFor(mediaUrl, fan)).statusCode).toBe(404);
    expect((await settle()).expired).toBeGreaterThanOrEqual(1);
    const row = await t.db.selectFrom('subscriptions').select(['status', 'id']).where('subscriber_id', '=', fan.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(await ledgerOf(row.id)).toHaveLength(1);
    // Subscribing again starts a new subscription.
    expect((await subscribe(fan, user.username)).statusCode).toBe(200);
    t.clock.set(start);
  });

  it('takes up a cancelled subscription again without charging', async () => {
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    const again = await subscribe(fan, user.username);
    expect(again.json().subscription).toMatchObject({ id: subscription.id, status: 'active', cancelAtPeriodEnd: false });
    expect(await ledgerOf(subscription.id)).toHaveLength(1);
  });

  it('gives three days of grace after a declined renewal, then ends access; a new card pays the period', async () => {
    const start = t.clock.now();
    const { user, post } = await creator();
    const fan = await createUser(t);
    // A card valid through this month: declined when the renewal comes next month.
    const { subscription } = (await subscribe(fan, user.username, { ...GOOD, expiryDate: '11/26' })).json();
    const periodEnd = addMonth(start);
    t.clock.set(new Date(periodEnd.getTime() + 1000));
    expect((await settle()).past_due).toBe(1);
    let row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('past_due');
    expect(new Date(row.access_until).toISOString()).toBe(new Date(periodEnd.getTime() + 3 * DAY).toISOString());
    expect((await postFor(fan, post.slug)).locked).toBeFalsy();
    const lines = (await t.request({ method: 'GET', url: '/api/notifications', token: fan.token })).json().items;
    expect(lines[0]).toMatchObject({ type: 'payment', detail: 'renewal_failed', actor: { username: user.username } });
    // Tried again a day later: still declined, told only once.
    t.clock.advance(DAY + 1000);
    await settle();
    expect((await t.request({ method: 'GET', url: '/api/notifications', token: fan.token })).json().items.filter((item: { detail?: string }) => item.detail === 'renewal_failed')).toHaveLength(1);
    // Past the grace: expired, access gone, nothing charged.
    t.clock.set(new Date(periodEnd.getTime() + 3 * DAY + 1000));
    expect((await postFor(fan, post.slug)).locked).toBe(true);
    expect((await settle()).expired).toBe(1);
    row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect((await ledgerOf(subscription.id)).map((entry) => entry.kind)).toEqual(['subscription']);
    t.clock.set(start);
  });

  it('lets a past-due subscriber pay the period with another card', async () => {
    const start = t.clock.now();
    const { user, post } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username, { ...GOOD, expiryDate: '11/26' })).json();
    const periodEnd = addMonth(start);
    t.clock.set(new Date(periodEnd.getTime() + 1000));
    await settle();
    const paid = await subscribe(fan, user.username);
    expect(paid.json().subscription).toMatchObject({ id: subscription.id, status: 'active', currentPeriodEnd: addMonth(periodEnd).toISOString() });
    expect((await ledgerOf(subscription.id)).map((entry) => entry.kind)).toEqual(['subscription', 'renewal']);
    expect((await postFor(fan, post.slug)).locked).toBeFalsy();
    t.clock.set(start);
  });

  it('stops renewing when the creator is suspended: the paid period runs out and access ends', async () => {
    const start = t.clock.now();
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    await t.db.updateTable('users').set({ suspended_until: new Date(start.getTime() + 365 * DAY) }).where('id', '=', user.id).execute();
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    await settle();
    const row = await t.db.selectFrom('subscriptions').select('status').where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(await ledgerOf(subscription.id)).toHaveLength(1);
    await t.db.updateTable('users').set({ suspended_until: null }).where('id', '=', user.id).execute();
    t.clock.set(start);
  });
});

describe('the edges of a subscription’s life', () => {
  it('renews from the day it began: the 31st comes back after a short month', () => {
    const anchor = new Date('2027-01-31T10:00:00Z');
    const feb = nextPeriodEnd(anchor, anchor);
    const mar = nextPeriodEnd(anchor, feb);
    const apr = nextPeriodEnd(anchor, mar);
    expect([feb, mar, apr].map((date) => date.toISOString().slice(0, 10))).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('subscribing again after a cancelled period ran out, before the job ran, is a new subscription that opens the content', async () => {
    const start = t.clock.now();
    const { user, post } = await creator();
    const fan = await createUser(t);
    const { subscription: first } = (await subscribe(fan, user.username)).json();
    await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    const again = await subscribe(fan, user.username);
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.id).not.toBe(first.id);
    expect(again.json().subscription.status).toBe('active');
    expect((await postFor(fan, post.slug)).locked).toBeFalsy();
    expect((await t.db.selectFrom('subscriptions').select('status').where('id', '=', first.id).executeTakeFirstOrThrow()).status).toBe('expired');
    t.clock.set(start);
  });

  it('does not charge the months the job missed: a subscription left due past its grace simply ends', async () => {
    const start = t.clock.now();
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    t.clock.set(new Date(addMonth(start).getTime() + 95 * DAY));
    await settle();
    await settle();
    expect((await t.db.selectFrom('subscriptions').select('status').where('id', '=', subscription.id).executeTakeFirstOrThrow()).status).toBe('expired');
    expect((await ledgerOf(subscription.id)).map((entry) => entry.kind)).toEqual(['subscription']);
    t.clock.set(start);
  });

  it('keeps a cancellation made while the job was charging the renewal', async () => {
    const start = t.clock.now();
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    const due = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscription.id).executeTakeFirstOrThrow();
    // The fan cancels after the job read the subscription and before it wrote the renewal.
    await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    const renewed = await t.app.services.subscriptions.settleOne(due);
    expect(renewed).toBe('renewed');
    const row = await t.db.selectFrom('subscriptions').select(['status', 'cancel_at_period_end']).where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'canceled', cancel_at_period_end: true });
    t.clock.set(start);
  });

  it('a CCBill subscription is cancelled with CCBill, which bills by itself: WAG says where and changes nothing', async () => {
    const { user } = await creator();
    const fan = await createUser(t);
    const now = t.clock.now();
    const end = addMonth(now);
    await t.db
      .insertInto('subscriptions')
      .values({ subscriber_id: fan.id, creator_id: user.id, provider: 'ccbill', provider_ref: `cc-${fan.id.slice(0, 8)}`, status: 'active', price: 999, currency: 'USD', card_brand: null, card_last4: null, current_period_start: now, current_period_end: end, access_until: end, accepted_immediate_access_at: now, ended_at: null })
      .execute();
    const cancel = await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/support\.ccbill\.com/);
    expect((await t.db.selectFrom('subscriptions').select('status').where('subscriber_id', '=', fan.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('a subscription cancelled while past due is paid again with a card, not resumed for free', async () => {
    const start = t.clock.now();
    const { user } = await creator();
    const fan = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username, { ...GOOD, expiryDate: '11/26' })).json();
    t.clock.set(new Date(addMonth(start).getTime() + 1000));
    await settle();
    await t.request({ method: 'DELETE', url: `/api/users/${user.username}/vip/subscribe`, token: fan.token });
    // Not taken up for free: the period is charged, so a declined card gets nothing.
    const again = await subscribe(fan, user.username, DECLINED);
    expect(again.statusCode).toBe(402);
    expect((await t.db.selectFrom('subscriptions').select('status').where('id', '=', subscription.id).executeTakeFirstOrThrow()).status).toBe('canceled');
    const paid = await subscribe(fan, user.username);
    expect(paid.json().subscription).toMatchObject({ id: subscription.id, status: 'active', cancelAtPeriodEnd: false });
    expect((await ledgerOf(subscription.id)).map((entry) => entry.kind)).toEqual(['subscription', 'renewal']);
    t.clock.set(start);
  });
});

describe('Comprar Story', () => {
  it('unlocks the creator’s VIP stories live now for the buyer, for the story price, once', async () => {
    const { user, storyId } = await creator({ monthlyPrice: 999, storyPrice: 399 });
    const second = await insertStory(t, user.id, 'subscribers');
    // One from two days ago is no longer live: not sold.
    const old = await insertStory(t, user.id, 'subscribers');
    await t.db.updateTable('stories').set({ created_at: new Date(t.clock.now().getTime() - 2 * DAY) }).where('id', '=', old).execute();
    const fan = await createUser(t);
    expect((await vip(fan, user.username)).json().lockedStories).toBe(2);
    const bought = await t.request({ method: 'POST', url: `/api/users/${user.username}/vip/stories/purchase`, token: fan.token, payload: GOOD });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ unlocked: 2, message: 'Historias desbloqueadas.' });
    expect(await storyIdsFor(fan, user.username)).toEqual(expect.arrayContaining([storyId, second]));
    expect((await vip(fan, user.username)).json().lockedStories).toBe(0);
    const entries = await t.db.selectFrom('ledger_entries').selectAll().where('payer_id', '=', fan.id).execute();
    expect(entries).toMatchObject([{ kind: 'story_purchase', gross: 399, fee: 80, net: 319, creator_id: user.id }]);
    // Nothing more to buy; a declined card buys nothing.
    expect((await t.request({ method: 'POST', url: `/api/users/${user.username}/vip/stories/purchase`, token: fan.token, payload: GOOD })).statusCode).toBe(404);
    const other = await createUser(t);
    const declined = await t.request({ method: 'POST', url: `/api/users/${user.username}/vip/stories/purchase`, token: other.token, payload: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(await storyIdsFor(other, user.username)).not.toContain(storyId);
  });
});

describe('account verification', () => {
  it('needs an approved identity, charges the one-time 1.00 USD fee to the platform and gives the verified check', async () => {
    const person = await createUser(t);
    expect((await t.request({ method: 'POST', url: '/api/verification/account', token: person.token, payload: GOOD })).statusCode).toBe(403);
    await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', person.id).execute();
    expect((await t.request({ method: 'POST', url: '/api/verification/account', token: person.token, payload: DECLINED })).statusCode).toBe(402);
    const paid = await t.request({ method: 'POST', url: '/api/verification/account', token: person.token, payload: GOOD });
    expect(paid.json()).toMatchObject({ account: 'active', message: '¡Cuenta verificada!' });
    const profile = (await t.request({ method: 'GET', url: `/api/profile/${person.username}` })).json();
    expect(JSON.stringify(profile)).toContain('"isVerified":true');
    const entries = await t.db.selectFrom('ledger_entries').selectAll().where('payer_id', '=', person.id).execute();
    expect(entries).toMatchObject([{ kind: 'verification_fee', gross: 100, fee: 100, net: 0, creator_id: null }]);
    expect((await t.request({ method: 'POST', url: '/api/verification/account', token: person.token, payload: GOOD })).statusCode).toBe(409);
  });
});

describe('leaving', () => {
  it('ends the subscriptions of a deleted account both ways and keeps the books', async () => {
    const { user, post } = await creator();
    const fan = await createUser(t);
    const other = await createUser(t);
    const { subscription } = (await subscribe(fan, user.username)).json();
    const { subscription: kept } = (await subscribe(other, user.username)).json();
    const gone = await t.request({ method: 'DELETE', url: '/api/account', token: fan.token, payload: { password: fan.password } });
    expect(gone.statusCode).toBe(200);
    const row = await t.db.selectFrom('subscriptions').select(['status', 'card_token']).where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', card_token: null });
    expect(await ledgerOf(subscription.id)).toHaveLength(1);
    // The creator leaving ends their subscribers' access too.
    const creatorGone = await t.request({ method: 'DELETE', url: '/api/account', token: user.token, payload: { password: user.password } });
    expect(creatorGone.statusCode).toBe(200);
    expect((await t.db.selectFrom('subscriptions').select('status').where('id', '=', kept.id).executeTakeFirstOrThrow()).status).toBe('expired');
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${post.slug}`, token: other.token })).statusCode).toBe(404);
    expect(await ledgerOf(kept.id)).toHaveLength(1);
  });
});

describe('the ledger', () => {
  it('is append-only', async () => {
    const entry = await t.db.selectFrom('ledger_entries').select('id').executeTakeFirstOrThrow();
    await expect(t.db.updateTable('ledger_entries').set({ gross: 1, fee: 0, net: 1 }).where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('ledger_entries').where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
  });

  it('and production refuses the sandbox provider', async () => {
    const problems = await productionProblems({ ...t.config, production: true, appSecret: 'x', identityKey: 'k', seedDemo: false }, t.db);
    expect(problems.some((problem) => problem.startsWith('PAYMENT_PROVIDER=sandbox'))).toBe(true);
  });
});
