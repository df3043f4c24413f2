import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstScreen } from './app/early-start';
import { loadLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The chosen language's catalog (its own chunk) arrives before the first render: no raw keys flash.
const language = loadLanguage(initialLanguage());
// Meanwhile the home's code and answers are already asked for, in that language (app/early-start.ts).
startFirstScreen(window.location);
// Should the catalog fail to load, the app still starts (its texts show their keys) rather than stay blank.
void language
  .catch(() => undefined)
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
