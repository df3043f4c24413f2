import { describe, expect, it } from 'vitest';
import { nextFollowerCount } from './follow';

describe('nextFollowerCount (docs/product.md §4)', () => {
  it("uses the server's number when it sends one", () => {
    expect(nextFollowerCount(10, true, 42)).toBe(42);
    expect(nextFollowerCount(10, false, 0)).toBe(0);
    expect(nextFollowerCount(undefined, true, 7)).toBe(7);
  });

  it('otherwise adds one on follow and removes one on unfollow', () => {
    expect(nextFollowerCount(10, true)).toBe(11);
    expect(nextFollowerCount(10, false, undefined)).toBe(9);
    expect(nextFollowerCount(10, false, '12')).toBe(9);
    expect(nextFollowerCount(10, true, Number.NaN)).toBe(11);
  });

  it('never goes below zero', () => {
    expect(nextFollowerCount(0, false)).toBe(0);
    expect(nextFollowerCount(5, false, -3)).toBe(0);
  });

  it('leaves an unknown count unknown', () => {
    expect(nextFollowerCount(undefined, true)).toBeUndefined();
  });
});
