import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The chosen language's catalog (its own chunk) arrives before the first render: no raw keys flash.
// Should it fail to load, the app still starts (its texts show their keys) rather than stay blank.
void loadLanguage(initialLanguage())
  .catch(() => undefined)
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
