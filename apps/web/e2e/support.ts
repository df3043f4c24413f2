import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** The page-side function a violation is reported through (bound in every frame of a guarded context). */
const REPORT_BINDING = '__wagReportCspViolation';

/**
 * Records every Content-Security-Policy violation in a context's pages: the `securitypolicyviolation`
 * event (installed before any script of the page runs) and Chromium's console error for it, which
 * also covers what happens before a document can listen.
 */
async function recordCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, ({ page }, report: string) => {
    violations.push(`${page.url()}: ${report}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)[binding];
        report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline resource'} (${event.sourceFile || 'page'}:${event.lineNumber})`);
      },
      true,
    );
  }, REPORT_BINDING);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}

/**
 * Every browser test runs with this `test`: it fails when any page it opened broke the
 * Content-Security-Policy. Contexts a test makes itself (a second person, `browser.newPage()`) are
 * watched too: `browser.newContext` is wrapped for the length of the test (newPage goes through it).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, runTest) => {
      const violations: string[] = [];
      await recordCspViolations(context, violations);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const created = await newContext.apply(browser, args);
        await recordCspViolations(created, violations);
        return created;
      };
      try {
        await runTest(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_PASSWORD = 'wag-demo-2026';

/** Marks the consent and age gates as accepted before the app's scripts run. */
export async function skipGates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('wag.consentAccepted', '1');
    window.localStorage.setItem('wag.ageConfirmed', '1');
  });
}

let counter = 0;
/** A username no other test uses (3–20 of [A-Za-z0-9_]). */
export function freshUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 20);
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  token: string;
}

/** Registers and logs in an account through the API, for tests that start already signed in. */
export async function createAccount(request: APIRequestContext, prefix = 'e2e'): Promise<TestAccount> {
  const username = freshUsername(prefix);
  const email = `${username}@example.test`;
  const password = 'secreto123';
  const register = await request.post('/api/register', {
    data: { username, email, password, birth_date: '1990-05-10' },
  });
  expect(register.status(), await register.text()).toBeLessThan(300);
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { token: string };
  return { username, email, password, token: body.token };
}

/** Opens the app already signed in as the given account (gates accepted). */
export async function signInAs(page: Page, account: Pick<TestAccount, 'token' | 'username'>): Promise<void> {
  await page.addInitScript(
    ({ token, username }) => {
      window.localStorage.setItem('wag.consentAccepted', '1');
      window.localStorage.setItem('wag.ageConfirmed', '1');
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('username', username);
    },
    { token: account.token, username: account.username },
  );
}

/** The same test in a second browser (another device or another person), signed in as `account`. */
export async function openAs(browser: Browser, page: Page, account: Pick<TestAccount, 'token' | 'username'>): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-ES', hasTouch: true });
  const other = await context.newPage();
  await signInAs(other, account);
  return other;
}

/**
 * A flat PNG drawn by the browser of `page` (any real image will do: a post, a document). Flat, so it
 * has no perceptual hash a takedown could put on the block list other tests would hit.
 */
export async function makePng(page: Page, color: string, width = 480, height = 480): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ fill, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { fill: color, w: width, h: height },
  );
  return Buffer.from(bytes);
}
