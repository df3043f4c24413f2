import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_STORY_MS, playDuration, registerViewOnce } from './use-stories';

describe('story timing (docs/product.md §9)', () => {
  it('plays images for 15 s and videos for their own duration, 15 s when unknown', () => {
    expect(IMAGE_STORY_MS).toBe(15_000);
    expect(playDuration({ type: 'image', durationMs: null })).toBe(15_000);
    expect(playDuration({ type: 'video', durationMs: 7_500 })).toBe(7_500);
    expect(playDuration({ type: 'video', durationMs: null })).toBe(15_000);
  });
});

describe('registerViewOnce', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('sends a view once per story per session', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true,"views":1}', { status: 200 }));
    registerViewOnce('s1');
    registerViewOnce('s1');
    registerViewOnce('s2');
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual(['/api/stories/s1/view', '/api/stories/s2/view']);
    fetchMock.mockRestore();
  });
});
