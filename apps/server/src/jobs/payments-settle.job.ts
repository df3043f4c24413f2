import type { SubscriptionsService } from '../services/subscriptions.service.js';
import type { JobHandler } from './job-worker.js';

/** How often each process looks for subscriptions due (renewals are due by the day; a few minutes late is fine). */
export const SETTLE_EVERY_MS = 10 * 60_000;

/**
 * Renews, marks past due or ends the sandbox subscriptions due now (services/subscriptions.service.ts
 * settleDue). Any number of processes may run it at the same moment: each period is charged once.
 */
export function paymentsSettleJob({ subscriptions }: { subscriptions: () => SubscriptionsService }): JobHandler<'payments.settle'> {
  return {
    async run(_data, context) {
      const counts = await subscriptions().settleDue();
      if (counts.renewed + counts.past_due + counts.expired > 0) context.log.info(counts, 'suscripciones al día');
    },
  };
}
