import { useEffect, useState } from 'react';
import { onIdle } from './idle';

/** Rows of a long list rendered with the page itself the first time that list is shown. */
export const FIRST_ROWS = 2;

/** Lists already shown in this document: shown again (a step back), they render whole at once. */
const shown = new Set<string>();

/**
 * How many of a list's `total` rows to render: the first time the list `name` is shown in this document
 * (the page's first screen, usually), FIRST_ROWS at once and then one more row each time the browser is
 * idle, so the page paints and answers taps between rows instead of blocking while a whole feed
 * renders; every later time, all of them at once, so a step back finds the row its scroll position
 * was on. Once all of a list's rows are there, rows it gains later (its next page) come at once.
 * Memoise the rows (`memo`): each step renders the list again.
 */
export function useStepwiseCount(name: string, total: number): number {
  const [limit, setLimit] = useState(() => (shown.has(name) ? Number.POSITIVE_INFINITY : FIRST_ROWS));
  useEffect(() => {
    shown.add(name);
  }, [name]);
  // Once every row is there the list is whole: rows added later (the next page) come at once.
  const done = limit >= total;
  useEffect(() => {
    if (done) {
      if (total > 0 && limit !== Number.POSITIVE_INFINITY) setLimit(Number.POSITIVE_INFINITY);
      return;
    }
    return onIdle(() => setLimit((count) => count + 1), 200);
  }, [done, limit, total]);
  return Math.min(limit, total);
}

/** Tests only: every list counts as never shown again. */
export function forgetShownLists(): void {
  shown.clear();
}
