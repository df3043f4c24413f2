import { describe, expect, it } from 'vitest';
import { FOR_YOU_WEIGHTS, forYouScore, rankForYou, SEEN_WINDOW_MS, seenRecently, spreadAuthors, type ForYouCandidate } from './for-you-ranking.js';

const now = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

let serial = 0;
function candidate(input: Partial<ForYouCandidate> = {}): ForYouCandidate {
  serial += 1;
  return {
    id: input.id ?? `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    authorId: input.authorId ?? `author-${serial}`,
    createdAt: input.createdAt ?? hoursAgo(48),
    likes: input.likes ?? 0,
    comments: input.comments ?? 0,
    completedViews: input.completedViews ?? 0,
    followed: input.followed ?? false,
    seenAt: input.seenAt ?? null,
  };
}

describe('forYouScore', () => {
  it('ranks more engagement higher at the same age, a comment above a like, a completed view above a like', () => {
    const base = candidate({ likes: 2 });
    expect(forYouScore(candidate({ likes: 10 }), now)).toBeGreaterThan(forYouScore(base, now));
    expect(forYouScore(candidate({ comments: 1 }), now)).toBeGreaterThan(forYouScore(candidate({ likes: 1 }), now));
    expect(forYouScore(candidate({ completedViews: 1 }), now)).toBeGreaterThan(forYouScore(candidate({ likes: 1 }), now));
    expect(forYouScore(candidate({ comments: 1 }), now)).toBeGreaterThan(forYouScore(candidate({ completedViews: 1 }), now));
  });

  it('halves the engagement part every 48 hours, on a log scale', () => {
    // Old enough that freshness is negligible: the score is the engagement part.
    const at = (hours: number) => forYouScore(candidate({ likes: 20, createdAt: hoursAgo(hours) }), now);
    const freshness = (hours: number) => FOR_YOU_WEIGHTS.freshness * 0.5 ** (hours / FOR_YOU_WEIGHTS.freshnessHalfLifeHours);
    expect(at(240) - freshness(240)).toBeCloseTo(Math.log1p(20) * 0.5 ** 5, 10);
    expect((at(288) - freshness(288)) / (at(240) - freshness(240))).toBeCloseTo(0.5, 10);
    // A log scale: ten times the likes is far from ten times the score.
    const many = forYouScore(candidate({ likes: 200, createdAt: hoursAgo(240) }), now);
    expect(many / at(240)).toBeLessThan(2);
  });

  it('gives a new quicky with no reactions a freshness that fades within a couple of days', () => {
    const fresh = forYouScore(candidate({ createdAt: now }), now);
    expect(fresh).toBeCloseTo(FOR_YOU_WEIGHTS.freshness, 10);
    expect(forYouScore(candidate({ createdAt: hoursAgo(12) }), now)).toBeCloseTo(FOR_YOU_WEIGHTS.freshness / 2, 10);
    // Just posted, it outranks a day-old quicky with a couple of likes...
    expect(fresh).toBeGreaterThan(forYouScore(candidate({ likes: 2, createdAt: hoursAgo(24) }), now));
    // ...but not a day-old one many liked.
    expect(fresh).toBeLessThan(forYouScore(candidate({ likes: 40, comments: 5, createdAt: hoursAgo(24) }), now));
    // A date a little in the future (clocks disagree) counts as just posted, never more.
    expect(forYouScore(candidate({ createdAt: new Date(now.getTime() + 60_000) }), now)).toBeCloseTo(fresh, 10);
  });

  it('boosts the authors the viewer follows by a fixed amount', () => {
    const facts = { likes: 3, createdAt: hoursAgo(30) };
    expect(forYouScore(candidate({ ...facts, followed: true }), now) - forYouScore(candidate(facts), now)).toBeCloseTo(FOR_YOU_WEIGHTS.followBoost, 10);
  });
});

describe('seenRecently', () => {
  it('holds for a day after the viewer had it on screen', () => {
    expect(seenRecently({ seenAt: null }, now)).toBe(false);
    expect(seenRecently({ seenAt: hoursAgo(1) }, now)).toBe(true);
    expect(seenRecently({ seenAt: new Date(now.getTime() - SEEN_WINDOW_MS + 1) }, now)).toBe(true);
    expect(seenRecently({ seenAt: new Date(now.getTime() - SEEN_WINDOW_MS) }, now)).toBe(false);
  });
});

describe('spreadAuthors', () => {
  const item = (id: string, authorId: string) => ({ id, authorId });
  const ids = (items: Array<{ id: string }>) => items.map((entry) => entry.id).join(' ');

  it('keeps a list that already follows the rule as it is', () => {
    const list = [item('a1', 'a'), item('a2', 'a'), item('b1', 'b'), item('a3', 'a'), item('a4', 'a')];
    expect(ids(spreadAuthors(list))).toBe('a1 a2 b1 a3 a4');
  });

  it('moves the best item of another author up when a third in a row would follow', () => {
    const list = [item('a1', 'a'), item('a2', 'a'), item('a3', 'a'), item('a4', 'a'), item('b1', 'b'), item('c1', 'c'), item('b2', 'b')];
    expect(ids(spreadAuthors(list))).toBe('a1 a2 b1 a3 a4 c1 b2');
  });

  it('ends the list when only the author of the last two is left', () => {
    const list = [item('a1', 'a'), item('b1', 'b'), item('a2', 'a'), item('a3', 'a'), item('a4', 'a'), item('a5', 'a')];
    expect(ids(spreadAuthors(list))).toBe('a1 b1 a2 a3');
    expect(ids(spreadAuthors([item('a1', 'a'), item('a2', 'a'), item('a3', 'a')]))).toBe('a1 a2');
    expect(spreadAuthors([])).toEqual([]);
  });

  it('never has more than two in a row from one author, loses nothing while others remain, and keeps each author’s own order', () => {
    // A fixed pseudo-random list: 60 items over 4 authors, one of them dominant.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const list = Array.from({ length: 60 }, (_, index) => item(`i${index}`, next() % 3 === 0 ? `x${next() % 3}` : 'd'));
    const spread = spreadAuthors(list);
    for (let index = 2; index < spread.length; index += 1) {
      const run = [spread[index - 2]!, spread[index - 1]!, spread[index]!];
      expect(run.every((entry) => entry.authorId === run[0]!.authorId)).toBe(false);
    }
    const others = list.filter((entry) => entry.authorId !== 'd');
    expect(spread.filter((entry) => entry.authorId !== 'd')).toEqual(others);
    const dominant = spread.filter((entry) => entry.authorId === 'd');
    expect(dominant).toEqual(list.filter((entry) => entry.authorId === 'd').slice(0, dominant.length));
  });
});

describe('rankForYou', () => {
  it('orders by score, leaves out what was seen in the last day and spreads authors', () => {
    const star = candidate({ id: 'c-star', authorId: 'a', likes: 50, createdAt: hoursAgo(20) });
    const second = candidate({ id: 'c-second', authorId: 'a', likes: 30, createdAt: hoursAgo(20) });
    const third = candidate({ id: 'c-third', authorId: 'a', likes: 20, createdAt: hoursAgo(20) });
    const other = candidate({ id: 'c-other', authorId: 'b', likes: 1, createdAt: hoursAgo(60) });
    const seen = candidate({ id: 'c-seen', authorId: 'c', likes: 90, createdAt: hoursAgo(5), seenAt: hoursAgo(2) });
    const seenLongAgo = candidate({ id: 'c-back', authorId: 'c', likes: 0, createdAt: hoursAgo(100), seenAt: hoursAgo(30) });
    expect(rankForYou([other, third, seen, second, star, seenLongAgo], now)).toEqual(['c-star', 'c-second', 'c-other', 'c-third', 'c-back']);
  });

  it('puts a followed author above an equal stranger', () => {
    const stranger = candidate({ id: 'c-1', likes: 5 });
    const friend = candidate({ id: 'c-2', likes: 5, followed: true });
    expect(rankForYou([stranger, friend], now)).toEqual(['c-2', 'c-1']);
  });

  it('is deterministic: equal scores are ordered by id, whatever the input order', () => {
    const twins = ['c-d', 'c-b', 'c-a', 'c-c'].map((id) => candidate({ id, likes: 4, createdAt: hoursAgo(10) }));
    const expected = ['c-a', 'c-b', 'c-c', 'c-d'];
    expect(rankForYou(twins, now)).toEqual(expected);
    expect(rankForYou([...twins].reverse(), now)).toEqual(expected);
    expect(rankForYou(twins, now)).toEqual(rankForYou(twins, new Date(now.getTime())));
  });
});
