import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url, mailFrom: 'WAG <no-responder@wag.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** What was mailed to an address since the test began, after the queued mail went out. */
async function mailTo(user: TestUser) {
  await t.app.services.jobs.drain();
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(user.email)).filter(notAddressConfirmation);
}

function signIn(user: TestUser, ip: string, cookie?: string) {
  return t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': IPHONE, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });
}

describe('security mail', () => {
  it('tells of a sign-in from a new device and address, and not of the first one or a familiar one', async () => {
    const user = await createUser(t);
    expect(await mailTo(user)).toEqual([]);
    const fromMadrid = await signIn(user, '83.44.1.1');
    expect(fromMadrid.statusCode).toBe(200);
    const mails = await mailTo(user);
    expect(mails.map((mail) => mail.subject)).toEqual(['Nuevo inicio de sesión en tu cuenta de WAG']);
    expect(mails[0]!.text).toContain('Mobile Safari en iPhone (Madrid, España)');
    expect(mails[0]!.text).toContain(`@${user.username}`);

    // The same address again, or this browser (its device cookie) from elsewhere: nothing new.
    await signIn(user, '83.44.1.1');
    const device = fromMadrid.cookies.find((cookie) => cookie.name === 'wag_device')!;
    expect((await signIn(user, '8.8.8.8', `wag_device=${device.value}`)).statusCode).toBe(200);
    expect(await mailTo(user)).toHaveLength(1);
  });

  it('tells when two-factor is turned on and off', async () => {
    const user = await createUser(t);
    const { secret } = (await t.request({ method: 'POST', url: '/api/account/2fa/setup', token: user.token })).json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await t.request({ method: 'POST', url: '/api/account/2fa/enable', token: user.token, payload: { code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
    t.clock.advance(30_000);
    await t.request({ method: 'POST', url: '/api/account/2fa/disable', token: user.token, payload: { password: user.password, code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
    expect((await mailTo(user)).map((mail) => mail.subject)).toEqual(['Activaste la verificación en dos pasos', 'Desactivaste la verificación en dos pasos']);
  });
});
