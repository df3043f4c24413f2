import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstScreen } from './app/early-start';
import { loadRestTexts, startLanguage } from './lib/i18n';
import { afterFirstScreen } from './lib/idle';
import { initialLanguage } from './lib/language';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first part of the chosen language's catalog (the texts of the shell, the home screen and the
// quicky player; its own chunk) arrives before the first render: no raw keys flash. Should it fail to
// load, the app still starts (its texts show their keys) rather than stay blank. The rest of the
// catalog is fetched once the first screen is drawn (its load event and the first idle moment after it,
// as the saved preferences, the live channel and the search's code are: not competing with the first
// screen's own chunks and pictures); every other screen waits for its part before it renders
// (lib/lazy-screen.ts), asking for it at once if it has not arrived, and again if this attempt failed.
// Only the home's first screen is in the first part: /quickys, a post and a profile (the pages the
// server names in `data-screen`, apps/server/src/http/web-screens.ts) wait for the small screens' part,
// and every other page's screen for the rest too, so on those pages what the screen waits for is asked
// for beside the first part.
const named = document.documentElement.dataset.screen;
const home = window.location.pathname === '/';
const language = startLanguage(initialLanguage(), { withScreens: !home && named !== undefined, withRest: !home && named === undefined });
// Meanwhile the home's code and answers, /quickys' first page or a post's picture are already asked
// for, in that language (app/early-start.ts).
startFirstScreen(window.location);
void language
  .catch(() => undefined)
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    void afterFirstScreen().then(() => loadRestTexts().catch(() => undefined));
  });
