import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url, mailFrom: 'WAG <no-responder@wag.test>', publicUrl: 'https://wag.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers });
const choose = async (who: TestUser, language: string) => {
  const response = await t.request({ method: 'PATCH', url: '/api/account/preferences', token: who.token, payload: { language } });
  expect(response.statusCode).toBe(200);
};

describe('the language of the server’s answers (issue 14)', () => {
  it('answers a guest in the best language of Accept-Language, and in Spanish without one or with none of ours', async () => {
    const user = await createUser(t);
    const english = await login(user.email, 'mala-clave-1', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ success: false, message: 'Incorrect email or password.' });
    expect(english.headers.vary).toMatch(/accept-language/i);
    expect((await login(user.email, 'mala-clave-1', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' })).json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect((await login(user.email, 'mala-clave-1')).json().message).toBe('Correo electrónico o contraseña incorrectos.');
    expect((await login(user.email, 'mala-clave-1', { 'accept-language': 'pt-BR' })).json().message).toBe('Correo electrónico o contraseña incorrectos.');
    // Success messages and the framework's own errors too.
    const signedIn = await login(user.email, user.password, { 'accept-language': 'en' });
    expect(signedIn.json()).toMatchObject({ success: true, message: 'You’re signed in!' });
    const badJson = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', 'accept-language': 'de' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ success: false, message: 'Die Anfrage ist ungültig.' });
    expect((await t.request({ method: 'GET', url: '/api/nada', headers: { 'accept-language': 'fr' } })).json().message).toBe('Ressource introuvable.');
    // An error the router meets before any route (frameworkErrors).
    const badUrl = await t.request({ method: 'GET', url: '/api/profile/%zz', headers: { 'accept-language': 'en' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, message: 'The request address isn’t valid.' });
  });

  it('says so in the OpenAPI description of the preferences call', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(spec.paths['/api/account/preferences']?.patch?.description).toContain('Accept-Language');
  });

  it('answers a signed-in person in the language they chose, whatever Accept-Language says', async () => {
    const user = await createUser(t);
    await choose(user, 'de');
    const headers = { 'accept-language': 'en-US,en;q=0.9' };
    const wrong = await t.request({ method: 'PUT', url: '/api/account/password', token: user.token, headers, payload: { currentPassword: 'no-es-esta-1', newPassword: 'nueva-clave-1' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ success: false, message: 'Das aktuelle Passwort ist falsch.' });
    // A schema refusal, before the route looked at the token.
    const refused = await t.request({ method: 'PATCH', url: '/api/account/preferences', token: user.token, headers, payload: { language: 'pt' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Die Anfrage ist ungültig.');
    // Signing in: the answer is already in their language.
    expect((await login(user.email, user.password, headers)).json().message).toBe('Anmeldung erfolgreich!');
    const changed = await t.request({ method: 'PUT', url: '/api/account/password', token: user.token, headers, payload: { currentPassword: user.password, newPassword: 'nueva-clave-1' } });
    expect(changed.json()).toEqual({ success: true, message: 'Passwort aktualisiert. Deine anderen Sitzungen haben wir beendet.' });

    // Without a choice of their own, the header decides; no header, Spanish.
    const other = await createUser(t);
    const body = { currentPassword: 'no-es-esta-1', newPassword: 'nueva-clave-1' };
    expect((await t.request({ method: 'PUT', url: '/api/account/password', token: other.token, headers: { 'accept-language': 'fr' }, payload: body })).json().message).toBe(
      'Le mot de passe actuel n’est pas correct.',
    );
    expect((await t.request({ method: 'PUT', url: '/api/account/password', token: other.token, payload: body })).json().message).toBe('La contraseña actual no es correcta.');
  });

  it('writes a text with parameters in the language too: a suspended account’s refusal with its end date', async () => {
    const user = await createUser(t);
    await t.db.updateTable('users').set({ suspended_until: new Date('2030-03-05T08:15:00Z') }).where('id', '=', user.id).execute();
    const french = await login(user.email, user.password, { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(403);
    expect(french.json().message).toBe(
      'Ton compte est suspendu jusqu’au 5 mars 2030 à 08:15 (UTC). Si tu penses qu’il s’agit d’une erreur, tu peux faire appel de la décision.',
    );
    expect((await login(user.email, user.password)).json().message).toBe(
      'Tu cuenta está suspendida hasta el 5 de marzo de 2030 a las 8:15 (UTC). Si crees que es un error, puedes apelar la decisión.',
    );
  });

  it('mails a person in the language they chose: a password reset in French, whatever language asked for it', async () => {
    const user = await createUser(t);
    await choose(user, 'fr');
    const asked = await t.request({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email }, headers: { 'accept-language': 'de' } });
    expect(asked.json().message).toBe(
      'Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen des Passworts dorthin geschickt. Er ist eine Stunde lang gültig.',
    );
    await t.app.services.jobs.drain();
    const mail = smtp.received.filter((message) => JSON.stringify(message.to).includes(user.email)).at(-1);
    expect(mail?.subject).toBe('Réinitialise ton mot de passe WAG');
    expect(mail?.text).toContain(`Bonjour @${user.username},`);
    expect(mail?.text).toMatch(/https:\/\/wag\.example\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail?.text).toContain('Le lien ne fonctionne qu’une seule fois.');

    // Someone who never chose a language gets Spanish.
    const other = await createUser(t);
    await t.request({ method: 'POST', url: '/api/password/forgot', payload: { email: other.email }, headers: { 'accept-language': 'en' } });
    await t.app.services.jobs.drain();
    expect(smtp.received.filter((message) => JSON.stringify(message.to).includes(other.email)).at(-1)?.subject).toBe('Restablece tu contraseña de WAG');
  });

  it('names a new sign-in’s device and place in the recipient’s language, in the mail and in the sessions list', async () => {
    const user = await createUser(t);
    await choose(user, 'de');
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': iphone, 'accept-language': 'es' },
      remoteAddress: '83.44.1.1',
    });
    expect(signedIn.statusCode).toBe(200);
    await t.app.services.jobs.drain();
    const mail = smtp.received.filter((message) => JSON.stringify(message.to).includes(user.email)).at(-1);
    expect(mail?.subject).toBe('Neue Anmeldung bei deinem WAG-Konto');
    expect(mail?.text).toContain('mit Mobile Safari auf iPhone (Madrid, Spanien) bei deinem Konto angemeldet');
    const list = (await t.request({ method: 'GET', url: '/api/account/sessions', token: user.token })).json() as { items: Array<{ device: string; location: string | null }> };
    expect(list.items.map((item) => [item.device, item.location])).toContainEqual(['Mobile Safari auf iPhone', 'Madrid, Spanien']);
    expect(list.items.map((item) => item.location)).toContain('Lokales Netzwerk');
  });
});
