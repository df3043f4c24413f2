import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Gates } from './gates/gates';
import { HistoryRouter } from '../lib/history-router';
import { lazyRoute } from '../lib/lazy-route';
import { Providers } from './providers';
import { AppScreens } from './router';

// index.html paints the shell before any JavaScript (issue 17: the first paint no longer waits for the
// app). The app's first render must take those very elements over, unchanged, or the page would
// flicker or move when the app starts.
const html = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
const staticRoot = /<div id="root">([\s\S]*?)<\/div>\s*\n/.exec(html)?.[1] ?? '';

/** Where an element sits: the tag and class of it and of each parent up to `root`, with its place among its siblings. */
function placeOf(element: Element, root: Element): string {
  const steps: string[] = [];
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
    const siblings = at.parentElement ? [...at.parentElement.children].filter((other) => other.localName === at!.localName && other.className === at!.className) : [at];
    steps.unshift(`${at.localName}.${at.getAttribute('class') ?? ''}[${siblings.indexOf(at)}]`);
  }
  return steps.join(' > ');
}

/** Every element of `root` by its place, with its attributes. */
function elementsOf(root: Element): Map<string, Record<string, string>> {
  return new Map(
    [...root.querySelectorAll('*')].map((element) => [placeOf(element, root), Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]))]),
  );
}

/** The app as main.tsx starts it on a page whose screen is still loading: the shell with a spinner in its place. */
function renderApp(container: HTMLElement) {
  // A screen that never arrives: the shell shows its spinner, as on any first load.
  const routes = [{ index: true, Component: lazyRoute(() => new Promise(() => undefined)) }];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers queryClient={queryClient}>
      <HistoryRouter history={createMemoryHistory({ initialEntries: ['/'], v5Compat: true })}>
        <Gates>
          <AppScreens routes={routes} />
        </Gates>
      </HistoryRouter>
    </Providers>,
    { container },
  );
}

describe("index.html's shell", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('is there, with no text of any language', () => {
    expect(staticRoot).toContain('class="top-bar"');
    expect(staticRoot).toContain('class="spinner"');
    const root = document.createElement('div');
    root.innerHTML = staticRoot;
    expect(root.textContent).toBe('WAG');
  });

  it("is what the app's first render paints: every element in the same place, with the same attributes", async () => {
    localStorage.setItem('wag.consentAccepted', '1');
    localStorage.setItem('wag.ageConfirmed', '1');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = staticRoot;
    document.body.append(container);
    const painted = elementsOf(container);
    expect(painted.size).toBeGreaterThan(10);
    renderApp(container);
    await screen.findByRole('button', { name: 'Abrir menú' });
    const rendered = elementsOf(container);
    for (const [place, attributes] of painted) {
      expect(rendered.has(place), `${place} is not where index.html paints it`).toBe(true);
      // The app may add attributes (texts' labels, link markers); it changes none of those painted.
      expect(rendered.get(place)).toMatchObject(attributes);
    }
  });
});
