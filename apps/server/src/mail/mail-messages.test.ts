import { LANGUAGES, type Language } from '@wag/contract/preferences-rules';
import { describe, expect, it } from 'vitest';
import { composeMail, type MailContent, type MailMessage } from './mail-messages.js';

const at = '2026-11-24T10:00:00.000Z';
const samples: MailContent[] = [
  { kind: 'new-sign-in', to: 'ana@example.test', username: 'ana', device: { browser: 'Firefox', system: 'Linux' }, location: { local: false, city: 'Madrid', country: 'ES' }, at },
  { kind: 'two-factor-changed', to: 'ana@example.test', username: 'ana', enabled: true, at },
  { kind: 'two-factor-changed', to: 'ana@example.test', username: 'ana', enabled: false, at },
  { kind: 'password-reset', to: 'ana@example.test', username: 'ana', link: 'https://wag.example/reset-password?token=abc' },
  { kind: 'report-decided', to: 'guest@example.test', subjectType: 'post', outcome: 'takedown' },
  ...(['takedown', 'suspend', 'restore', 'unsuspend', 'dismiss'] as const).map(
    (action): MailContent => ({ kind: 'moderation-decision', to: 'ana@example.test', username: 'ana', subjectType: 'post', action, reason: 'Spam', until: '2026-12-01T09:30:00.000Z', appeal: 'possible' }),
  ),
  { kind: 'payout-paid', to: 'ana@example.test', username: 'ana', amount: 12345, currency: 'USD', requestedAt: at, paidAt: '2026-11-26T09:00:00.000Z' },
  ...(['subscribed', 'renewed', 'renewal_failed', 'expired', 'canceled', 'refunded', 'story_purchase', 'account_verified'] as const).map(
    (event): MailContent => ({ kind: 'payment', to: 'ana@example.test', username: 'ana', event, amount: 999, currency: 'USD', creator: 'valeria_rios', until: '2026-12-22T12:00:00.000Z' }),
  ),
  { kind: 'identity-decision', to: 'ana@example.test', username: 'ana', outcome: 'approved', reason: null },
  { kind: 'identity-decision', to: 'ana@example.test', username: 'ana', outcome: 'rejected', reason: 'La foto del documento está borrosa' },
];

const SPANISH_WORDS = /\b(Hola|contraseña|Motivo|equipo|cuenta|correo)\b/;
const MONTH: Record<Language, string> = { es: 'noviembre', en: 'November', fr: 'novembre', de: 'November' };

describe('composeMail', () => {
  it('writes every kind in every language, each its own', () => {
    for (const sample of samples) {
      const texts = LANGUAGES.map((language) => composeMail({ ...sample, language } as MailMessage));
      expect(new Set(texts.map((mail) => mail.subject)).size, sample.kind).toBe(LANGUAGES.length);
      expect(new Set(texts.map((mail) => mail.text)).size, sample.kind).toBe(LANGUAGES.length);
      LANGUAGES.forEach((language, i) => {
        const mail = texts[i]!;
        expect(mail.to).toBe(sample.to);
        expect(mail.subject.trim()).not.toBe('');
        if (language !== 'es') expect(`${mail.subject}\n${mail.text}`, `${sample.kind} in ${language}`).not.toMatch(SPANISH_WORDS);
        if ('username' in sample) expect(mail.text).toContain(`@${sample.username}`);
      });
    }
  });

  it('writes dates through Intl in the mail’s language', () => {
    for (const language of LANGUAGES) {
      const mail = composeMail({ ...samples[0]!, language } as MailMessage);
      expect(mail.text).toContain(MONTH[language]);
    }
    const suspended = composeMail({ ...samples[6]!, language: 'de' } as MailMessage);
    expect(suspended.text).toContain('bis zum 1. Dezember 2026 um 09:30 (UTC) gesperrt');
  });

  it('names the device and the country in the mail’s language', () => {
    const names = LANGUAGES.map((language) => composeMail({ ...samples[0]!, language } as MailMessage).text);
    expect(names[0]).toContain('desde Firefox en Linux (Madrid, España),');
    expect(names[1]).toContain('from Firefox on Linux (Madrid, Spain),');
    expect(names[2]).toContain('depuis Firefox sur Linux (Madrid, Espagne),');
    expect(names[3]).toContain('mit Firefox auf Linux (Madrid, Spanien)');
  });

  it('writes a payout’s amount as money in the mail’s language', () => {
    const payout = samples.find((sample) => sample.kind === 'payout-paid')!;
    const texts = LANGUAGES.map((language) => composeMail({ ...payout, language } as MailMessage).text.replace(/\u00a0|\u202f/g, ' '));
    expect(texts[0]).toContain('123,45 US$');
    expect(texts[1]).toContain('$123.45');
    expect(texts[2]).toContain('123,45 $US');
    expect(texts[3]).toContain('123,45 $');
  });

  it('writes a message queued before mail had languages in Spanish', () => {
    const { language: _none, ...old } = { ...samples[3]!, language: 'en' } as MailMessage;
    expect(composeMail(old as MailMessage).subject).toBe('Restablece tu contraseña de WAG');
  });
});
