import { describe, expect, it } from 'vitest';
import { viewProgress } from './view-rule.js';

describe('viewProgress', () => {
  it('counts a photo when it is shown, with or without a time, and never completes it', () => {
    expect(viewProgress('image', null, undefined)).toEqual({ counts: true, completes: false });
    expect(viewProgress('image', null, 0)).toEqual({ counts: true, completes: false });
  });

  it('counts nothing for a video called without watchedMs (opened, not played)', () => {
    expect(viewProgress('video', 20_000, undefined)).toEqual({ counts: false, completes: false });
  });

  it('counts a long video after 3 s and completes it at 90 %', () => {
    expect(viewProgress('video', 60_000, 2999)).toEqual({ counts: false, completes: false });
    expect(viewProgress('video', 60_000, 3000)).toEqual({ counts: true, completes: false });
    expect(viewProgress('video', 60_000, 53_999)).toEqual({ counts: true, completes: false });
    expect(viewProgress('video', 60_000, 54_000)).toEqual({ counts: true, completes: true });
  });

  it('counts a short video after half of it', () => {
    expect(viewProgress('video', 4000, 1999)).toEqual({ counts: false, completes: false });
    expect(viewProgress('video', 4000, 2000)).toEqual({ counts: true, completes: false });
    expect(viewProgress('video', 4000, 3600)).toEqual({ counts: true, completes: true });
    // Played past its end (loops): still one completion.
    expect(viewProgress('video', 4000, 12_000)).toEqual({ counts: true, completes: true });
  });

  it('counts a video of unknown length after 3 s and never completes it', () => {
    expect(viewProgress('video', null, 2999)).toEqual({ counts: false, completes: false });
    expect(viewProgress('video', null, 3000)).toEqual({ counts: true, completes: false });
    expect(viewProgress('video', 0, 600_000)).toEqual({ counts: true, completes: false });
  });
});
