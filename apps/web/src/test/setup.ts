import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage } from '../lib/i18n';
import { forgetShownLists } from '../lib/stepwise';

// The reference language, loaded as main.tsx loads the chosen one before the first render.
await loadLanguage('es');

// jsdom has no layout: window.scrollTo (called on navigation to restore the scroll position) only
// prints "Not implemented". Here it does nothing, quietly.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // Each test's lists come in steps as on a page's first screen (lib/stepwise.ts).
  forgetShownLists();
  localStorage.clear();
});
