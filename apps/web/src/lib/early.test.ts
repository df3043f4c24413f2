import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarly, startEarly, takeEarly } from './early';

afterEach(() => {
  clearEarly();
  vi.useRealTimers();
});

describe('early answers', () => {
  it('gives the started answer to the first taker only', async () => {
    const call = vi.fn(async () => ({ items: [1] }));
    startEarly('feed:guest', call);
    startEarly('feed:guest', call);
    expect(call).toHaveBeenCalledTimes(1);
    await expect(takeEarly('feed:guest')).resolves.toEqual({ items: [1] });
    expect(takeEarly('feed:guest')).toBeUndefined();
  });

  it('gives nothing for a key never started (another viewer, another call)', () => {
    startEarly('feed:@ana', async () => 1);
    expect(takeEarly('feed:@beto')).toBeUndefined();
    expect(takeEarly('for-you:@ana')).toBeUndefined();
  });

  it('drops an answer older than its lifetime instead of showing it', () => {
    vi.useFakeTimers();
    startEarly('feed:guest', async () => 1);
    vi.advanceTimersByTime(10_001);
    expect(takeEarly('feed:guest')).toBeUndefined();
  });

  it('hands a failure to its taker, and a failure nobody takes stays quiet', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarly('me:tok', () => Promise.reject(new Error('401')));
    startEarly('story-row:guest', () => Promise.reject(new Error('500')));
    await expect(takeEarly('me:tok')).rejects.toThrow('401');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
