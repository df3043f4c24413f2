import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The catalog's two parts (lib/i18n.ts): the first before the first render, the rest after it, awaited
 * by every other screen (lib/lazy-screen.ts); a language switch waits for both parts of the new
 * language. Each test gets fresh modules, and the rest of a catalog arrives when the test says so.
 */
type Gate = { open: () => void; fail: () => void; promise: Promise<void> };
function gate(): Gate {
  let open!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = () => reject(new Error('offline'));
  });
  return { open, fail, promise };
}

let gates: Record<string, Gate>;
const requested: string[] = [];

/** Fresh modules (no part loaded yet) whose catalog parts are counted and arrive when their gate opens. */
async function fresh() {
  vi.resetModules();
  const i18nModule = await import('./i18n');
  const lazyModule = await import('./lazy-screen');
  for (const [language, parts] of Object.entries(i18nModule.catalogParts)) {
    for (const part of ['first', 'rest'] as const) {
      const actual = parts[part];
      vi.spyOn(parts, part).mockImplementation(async () => {
        requested.push(`${language}:${part}`);
        await gates[`${language}:${part}`]?.promise;
        return actual();
      });
    }
  }
  return { ...i18nModule, ...lazyModule };
}

/** Lets pending promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  gates = {};
  requested.length = 0;
});

describe('the catalog in two parts', () => {
  it('starts with the first part only: the first screens’ texts are there, the others not yet', async () => {
    const { startLanguage, t, i18n, currentLocale } = await fresh();
    await startLanguage('es');
    expect(requested).toEqual(['es:first']);
    expect(currentLocale()).toBe('es');
    expect(t('home.feedTitle')).not.toBe('home.feedTitle');
    expect(t('gates.ageConfirm')).toBe('Tengo 18 años o más');
    expect(i18n.exists('settings.title')).toBe(false);
  });

  it('asks for both parts together for a first screen that waits for the rest (any page but the home)', async () => {
    const { startLanguage, afterTexts, t } = await fresh();
    gates['fr:first'] = gate();
    gates['fr:rest'] = gate();
    const started = startLanguage('fr', { withRest: true });
    await settle();
    // Both on their way before either has arrived: the rest no longer waits for the first render.
    expect(requested).toEqual(['fr:rest', 'fr:first']);
    gates['fr:rest'].open();
    gates['fr:first'].open();
    await started;
    await afterTexts(async () => undefined)();
    expect(t('settings.title')).not.toBe('settings.title');
    expect(requested).toEqual(['fr:rest', 'fr:first']);
  });

  it('makes a lazy screen wait for the rest of the catalog, fetched beside its chunk', async () => {
    const { startLanguage, afterTexts, t, waitsForTexts } = await fresh();
    await startLanguage('es');
    gates['es:rest'] = gate();
    let chunkLoaded = false;
    const load = afterTexts(async () => {
      chunkLoaded = true;
      return 'screen';
    });
    expect(waitsForTexts(load)).toBe(true);
    let screen: string | undefined;
    void load().then((value) => (screen = value));
    await settle();
    expect(chunkLoaded).toBe(true);
    expect(requested).toContain('es:rest');
    expect(screen).toBeUndefined();

    gates['es:rest']!.open();
    await vi.waitFor(() => expect(screen).toBe('screen'));
    expect(t('legal.terms.title')).not.toBe('legal.terms.title');
    expect(t('settings.title')).not.toBe('settings.title');
  });

  it('fetches the rest once, however many screens wait for it', async () => {
    const { startLanguage, afterTexts, loadRestTexts } = await fresh();
    await startLanguage('es');
    await Promise.all([loadRestTexts(), afterTexts(async () => 1)(), afterTexts(async () => 2)()]);
    expect(requested.filter((part) => part === 'es:rest')).toHaveLength(1);
  });

  it('asks again for a rest that failed to arrive, and the screen opens once it is there', async () => {
    const { startLanguage, afterTexts, t, REST_TEXTS_RETRY_MS } = await fresh();
    REST_TEXTS_RETRY_MS.splice(0, REST_TEXTS_RETRY_MS.length, 5, 5);
    await startLanguage('es');
    gates['es:rest'] = gate();
    const load = afterTexts(async () => 'screen');
    const first = load();
    gates['es:rest']!.fail();
    delete gates['es:rest'];
    await expect(first).resolves.toBe('screen');
    expect(requested.filter((part) => part === 'es:rest')).toHaveLength(2);
    expect(t('settings.title')).not.toBe('settings.title');
  });

  it('opens the screen anyway when the rest never arrives, rather than leave a failed lazy component', async () => {
    const { startLanguage, afterTexts, REST_TEXTS_RETRY_MS } = await fresh();
    REST_TEXTS_RETRY_MS.splice(0, REST_TEXTS_RETRY_MS.length, 5, 5);
    await startLanguage('es');
    gates['es:rest'] = gate();
    gates['es:rest'].fail();
    await expect(afterTexts(async () => 'screen')()).resolves.toBe('screen');
    expect(requested.filter((part) => part === 'es:rest')).toHaveLength(3);
  });

  it('switches language only once both parts of the new one are there', async () => {
    const { startLanguage, loadLanguage, currentLocale, t } = await fresh();
    await startLanguage('es');
    gates['de:rest'] = gate();
    let switched = false;
    void loadLanguage('de').then(() => (switched = true));
    await settle();
    expect(requested).toEqual(expect.arrayContaining(['de:first', 'de:rest']));
    expect(switched).toBe(false);
    expect(currentLocale()).toBe('es');

    gates['de:rest']!.open();
    await vi.waitFor(() => expect(switched).toBe(true));
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('gates.ageConfirm')).toMatch(/18/);
    expect(t('settings.title')).not.toBe('settings.title');
  });

  it('ends in the language asked for last, whichever catalog arrives first', async () => {
    const { startLanguage, loadLanguage, currentLocale } = await fresh();
    await startLanguage('es');
    gates['en:rest'] = gate();
    const english = loadLanguage('en');
    await settle();
    await loadLanguage('fr');
    expect(currentLocale()).toBe('fr');
    gates['en:rest']!.open();
    await english;
    expect(currentLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
