import type { Clock } from '../lib/clock.js';
import { TooManyRequestsError } from '../lib/errors.js';
import type { RateLimitHit, RateLimitsRepository } from '../repositories/rate-limits.repository.js';
import { effectiveRules, type RateLimitedAction } from './rate-limit-rules.js';

/** One counter to count a hit on: its key, how many hits its window allows, and the window. */
export interface LimitCheck {
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation = { allowed: true; hits: RateLimitHit[] } | { allowed: false; retryAfterSeconds: number };

/** Counters whose window ended are swept at most this often by each process. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export interface RateLimitServiceDeps {
  limits: RateLimitsRepository;
  clock: Clock;
  /** config.rateLimitScale: multiplies the table's limits; 0 switches them off. */
  scale: number;
  messagesPerMinute: number;
}

/**
 * Rate limits shared by every server process: each attempt first reserves a hit on all its counters
 * in one atomic statement and goes on only if none is over its limit. Checking a count and recording
 * the attempt afterwards would let a burst of simultaneous attempts all pass the check.
 */
export function createRateLimitService({ limits, clock, scale, messagesPerMinute }: RateLimitServiceDeps) {
  const rules = effectiveRules(scale, messagesPerMinute);
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function reserve(checks: LimitCheck[]): Promise<Reservation> {
    const now = clock.now();
    if (now.getTime() - prunedAt >= PRUNE_INTERVAL_MS) {
      prunedAt = now.getTime();
      await limits.pruneEnded(now);
    }
    const hits = await limits.hit(checks, now);
    const maxOf = new Map(checks.map((check) => [check.key, check.max]));
    // A refused attempt keeps its hits: it was an attempt, and giving them back could race with the
    // window being replaced. Retrying while refused does not lengthen the wait (the window is fixed).
    const over = hits.filter((hit) => hit.hits > (maxOf.get(hit.key) ?? Number.POSITIVE_INFINITY));
    if (over.length === 0) return { allowed: true, hits };
    const waitMs = Math.max(...over.map((hit) => hit.resetsAt.getTime() - now.getTime()));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  return {
    reserve,

    /** Returns the hits of an attempt that should not count (e.g. a login that turned out right). */
    giveBack(hits: RateLimitHit[]): Promise<void> {
      return limits.giveBack(hits);
    },

    /**
     * Counts one `action` for the account and the address, or throws a 429 with the action's message
     * and Retry-After when one of the table's limits is reached.
     */
    async take(action: RateLimitedAction, who: { userId: string | null; ip: string | null }): Promise<void> {
      if (!rules) return;
      const rule = rules[action];
      const checks: LimitCheck[] = [
        ...(who.userId ? rule.perAccount.map(({ max, windowMs }) => ({ key: `${action}:account:${who.userId}:${windowMs}`, max, windowMs })) : []),
        ...(who.ip ? rule.perIp.map(({ max, windowMs }) => ({ key: `${action}:ip:${who.ip}:${windowMs}`, max, windowMs })) : []),
      ];
      if (checks.length === 0) return;
      const reservation = await reserve(checks);
      if (!reservation.allowed) throw new TooManyRequestsError(rule.message, reservation.retryAfterSeconds);
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
