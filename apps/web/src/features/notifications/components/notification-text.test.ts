import type { NotificationItem } from '@wag/contract/notifications';
import { describe, expect, it } from 'vitest';
import { notificationLink, notificationSentence } from './notification-text';

const line = (type: NotificationItem['type'], detail: string | null = null, text: string | null = null): NotificationItem => ({
  id: 'n1',
  type,
  actor: { username: 'bea', full_name: 'Bea', picture: null, isVerified: false, isFollowedByMe: false },
  othersCount: 0,
  target: null,
  text,
  detail,
  created_at: '2026-11-25T10:00:00.000Z',
  read: false,
});

describe('notification lines of VIP, payments and verification', () => {
  it('say what happened, each its own sentence', () => {
    expect(notificationSentence(line('subscription'))).toBe('se suscribió a tu VIP.');
    expect(notificationSentence(line('identity_decision', 'approved'))).toBe('verificó tu identidad: ya puedes publicar contenido VIP.');
    expect(notificationSentence(line('identity_decision', 'rejected', 'Borrosa'))).toBe('no pudo verificar tu identidad:');
    expect(notificationSentence(line('account_verified'))).toBe('verificó tu cuenta: ya tienes la insignia de verificado.');
    expect(notificationSentence(line('payout_paid'))).toBe('pagó tu solicitud de cobro.');
    const payments = ['renewed', 'renewal_failed', 'expired', 'refunded', 'chargeback', 'story_unlocked'].map((detail) => notificationSentence(line('payment', detail)));
    expect(payments).toEqual([
      '· suscripción VIP renovada.',
      '· no se pudo renovar la suscripción VIP.',
      '· la suscripción VIP terminó.',
      '· pago de la suscripción VIP reembolsado.',
      '· contracargo de un pago VIP.',
      'compró tus historias VIP.',
    ]);
  });

  it('lead to where the outcome is', () => {
    expect(notificationLink(line('identity_decision', 'rejected'))).toBe('/settings/verification/identity');
    expect(notificationLink(line('account_verified'))).toBe('/settings/verification/account');
    expect(notificationLink(line('payout_paid'))).toBe('/creator');
    expect(notificationLink(line('payment', 'renewal_failed'))).toBe('/settings/subscriptions');
    expect(notificationLink(line('payment', 'story_unlocked'))).toBe('/creator');
    expect(notificationLink(line('subscription'))).toBe('/bea');
  });
});
