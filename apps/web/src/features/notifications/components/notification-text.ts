import type { NotificationItem } from '@wag/contract/notifications';
import { t } from '../../../lib/i18n';

/** What the notification is about, as the sentence names it. */
function targetNoun(item: NotificationItem): string {
  switch (item.target?.kind) {
    case 'quicky':
      return t('notifications.target.quicky');
    case 'comment':
      return t('notifications.target.comment');
    case 'story':
      return t('notifications.target.story');
    default:
      return t('notifications.target.post');
  }
}

/** The sentence after the actor's name: 'le dio me gusta a tu publicación', grouped likes included. */
export function notificationSentence(item: NotificationItem): string {
  const target = targetNoun(item);
  switch (item.type) {
    case 'like':
      if (item.othersCount === 0) return t('notifications.like', { target });
      return t('notifications.likeOthers', { count: item.othersCount, target });
    case 'comment':
      return t('notifications.comment', { target });
    case 'reply':
      return t('notifications.reply');
    case 'mention':
      return t('notifications.mention');
    case 'follow':
      return t('notifications.follow');
    case 'story_reply':
      return t('notifications.storyReply');
    case 'report_decided':
    case 'moderation_decision':
      // Lines from WAG itself (moderation decisions) carry the server's sentence, with the outcome and reason.
      return item.text ?? '';
    case 'subscription':
      return t('identity.notifications.subscription');
    case 'payment':
      return paymentSentence(item.detail);
    case 'identity_decision':
      // A rejection's reason is the line's text, quoted after the sentence.
      return item.detail === 'approved' ? t('identity.notifications.identityApproved') : t('identity.notifications.identityRejected');
    case 'account_verified':
      return t('identity.notifications.accountVerified');
    case 'payout_paid':
      return t('identity.notifications.payoutPaid');
  }
}

/** What a payment line tells of (its detail), said the same way to the subscriber and the creator. */
function paymentSentence(detail: string | null | undefined): string {
  switch (detail) {
    case 'renewed':
      return t('identity.notifications.payment.renewed');
    case 'renewal_failed':
      return t('identity.notifications.payment.renewalFailed');
    case 'expired':
      return t('identity.notifications.payment.expired');
    case 'refunded':
      return t('identity.notifications.payment.refunded');
    case 'chargeback':
      return t('identity.notifications.payment.chargeback');
    case 'story_unlocked':
      return t('identity.notifications.payment.storyUnlocked');
    default:
      return t('identity.notifications.payment.other');
  }
}

/** Where tapping the notification leads. */
export function notificationLink(item: NotificationItem): string {
  // WAG's own lines: the outcome of my report, or a decision about my content with its reason and appeal.
  if (item.type === 'report_decided') return '/settings/privacy-security/my-reports';
  if (item.type === 'moderation_decision') return '/settings/privacy-security/moderation-decisions';
  if (item.type === 'identity_decision') return '/settings/verification/identity';
  if (item.type === 'account_verified') return '/settings/verification/account';
  // A new subscriber leads to their profile (as a follow does); stories bought and a payout paid to
  // the creator's dashboard; a subscriber's payment lines to their subscriptions.
  if (item.type === 'payout_paid') return '/creator';
  if (item.type === 'payment') return item.detail === 'story_unlocked' ? '/creator' : '/settings/subscriptions';
  const actor = `/${encodeURIComponent(item.actor.username)}`;
  if (item.type === 'story_reply') return `/messages?to=${encodeURIComponent(item.actor.username)}`;
  const slug = item.target?.slug;
  if (!slug) return actor;
  return item.target?.kind === 'quicky' || item.target?.postType === 'quicky' ? `/quicky/${encodeURIComponent(slug)}` : `/post/${encodeURIComponent(slug)}`;
}
