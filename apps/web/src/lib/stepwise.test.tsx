import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, forgetShownLists, useStepwiseCount } from './stepwise';

function List({ name, total }: { name: string; total: number }) {
  const rows = useStepwiseCount(name, total);
  return <p data-testid={`rows-${name}`}>{rows}</p>;
}

const shownRows = (name: string) => Number(screen.getByTestId(`rows-${name}`).textContent);

describe('useStepwiseCount', () => {
  beforeEach(() => {
    forgetShownLists();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the first rows with the page, then one more each time the browser is free, until all are there', () => {
    render(<List name="feed" total={5} />);
    expect(shownRows('feed')).toBe(FIRST_ROWS);
    for (let expected = FIRST_ROWS + 1; expected <= 5; expected += 1) {
      act(() => void vi.advanceTimersToNextTimer());
      expect(shownRows('feed')).toBe(expected);
    }
    act(() => void vi.runAllTimers());
    expect(shownRows('feed')).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
    expect(FIRST_ROWS).toBeLessThan(5);
  });

  it('never says more rows than the list has; rows a whole list gains later (its next page) come at once', () => {
    const { rerender } = render(<List name="feed" total={0} />);
    expect(shownRows('feed')).toBe(0);
    // The first page arrives: it too comes in steps.
    rerender(<List name="feed" total={4} />);
    expect(shownRows('feed')).toBe(FIRST_ROWS);
    for (let step = 0; step < 4; step += 1) act(() => void vi.runAllTimers());
    expect(shownRows('feed')).toBe(4);
    rerender(<List name="feed" total={14} />);
    expect(shownRows('feed')).toBe(14);
  });

  it('renders a list shown before in this document whole at once (a step back finds its row)', () => {
    const first = render(<List name="feed" total={6} />);
    expect(shownRows('feed')).toBe(FIRST_ROWS);
    first.unmount();
    render(<List name="feed" total={6} />);
    expect(shownRows('feed')).toBe(6);
  });

  it('keeps each list apart: another list shown for the first time still comes in steps', () => {
    render(<List name="feed" total={6} />);
    render(<List name="comments" total={6} />);
    expect(shownRows('comments')).toBe(FIRST_ROWS);
  });

  it('uses the browser idle callback where there is one', () => {
    const idle = vi.fn((callback: IdleRequestCallback) => window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 1));
    const cancel = vi.fn((id: number) => window.clearTimeout(id));
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    try {
      render(<List name="feed" total={3} />);
      expect(idle).toHaveBeenCalledTimes(1);
      act(() => void vi.runAllTimers());
      expect(shownRows('feed')).toBe(3);
      expect(idle).toHaveBeenCalledTimes(3 - FIRST_ROWS);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
