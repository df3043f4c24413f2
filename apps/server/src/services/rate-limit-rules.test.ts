import { describe, expect, it } from 'vitest';
import { effectiveRules, RATE_LIMIT_RULES } from './rate-limit-rules.js';

describe('effective rate limits', () => {
  it('are off with scale 0', () => {
    expect(effectiveRules(0, 30)).toBeNull();
  });

  it('scale every limit, never below one, and keep the windows', () => {
    const doubled = effectiveRules(2, 30)!;
    expect(doubled.comment.perAccount).toEqual(RATE_LIMIT_RULES.comment.perAccount.map(({ max, windowMs }) => ({ max: max * 2, windowMs })));
    const tiny = effectiveRules(0.001, 30)!;
    expect(tiny.register.perIp.every((limit) => limit.max === 1)).toBe(true);
  });

  it('take the messages per sender from MESSAGES_PER_MINUTE, unscaled', () => {
    expect(effectiveRules(0.1, 7)!.message.perAccount).toEqual([{ max: 7, windowMs: 60_000 }]);
  });
});
