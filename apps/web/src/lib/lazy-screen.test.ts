import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The catalog's three parts (lib/i18n.ts): the first before the first render; the screens' part,
 * awaited by /quickys, a post and a profile; the rest after the first screen, awaited with the screens'
 * part by every other screen (lib/lazy-screen.ts); a language switch waits for every part of the new
 * language. Each test gets fresh modules, and a part arrives when the test says so.
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
    for (const part of ['first', 'screens', 'rest'] as const) {
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

describe('the catalog in three parts', () => {
  it('starts with the first part only: the first screens’ texts are there, the others not yet', async () => {
    const { startLanguage, t, i18n, currentLocale } = await fresh();
    await startLanguage('es');
    expect(requested).toEqual(['es:first']);
    expect(currentLocale()).toBe('es');
    expect(t('home.feedTitle')).not.toBe('home.feedTitle');
    expect(t('gates.ageConfirm')).toBe('Tengo 18 años o más');
    expect(i18n.exists('settings.title')).toBe(false);
  });

  it("asks for the screens' part beside the first on a page that opens on such a screen, and not the rest", async () => {
    const { startLanguage, afterTexts, t, i18n } = await fresh();
    gates['fr:first'] = gate();
    gates['fr:screens'] = gate();
    const started = startLanguage('fr', { withScreens: true });
    await settle();
    // Both on their way before either has arrived: the screens' part does not wait for the first render.
    expect(requested).toEqual(['fr:screens', 'fr:first']);
    gates['fr:screens'].open();
    gates['fr:first'].open();
    await started;
    await afterTexts(async () => undefined, 'screens')();
    expect(t('comments.send')).not.toBe('comments.send');
    expect(t('moreMenu.report')).toBe('Signaler');
    // The rest (settings, legal texts...) is not on the line while such a page shows its first screen.
    expect(requested).toEqual(['fr:screens', 'fr:first']);
    expect(i18n.exists('settings.title')).toBe(false);
    await afterTexts(async () => undefined)();
    expect(t('settings.title')).not.toBe('settings.title');
    expect(requested).toEqual(['fr:screens', 'fr:first', 'fr:rest']);
  });

  it('asks for both other parts beside the first on a page that opens on any other screen (a link to /settings)', async () => {
    const { startLanguage, afterTexts, t } = await fresh();
    gates['de:first'] = gate();
    const started = startLanguage('de', { withRest: true });
    await settle();
    expect(requested).toEqual(['de:screens', 'de:rest', 'de:first']);
    gates['de:first'].open();
    await started;
    await afterTexts(async () => undefined)();
    expect(t('settings.title')).not.toBe('settings.title');
    expect(requested).toEqual(['de:screens', 'de:rest', 'de:first']);
  });

  it("makes a screen of the screens' part wait for that part only", async () => {
    const { startLanguage, afterTexts, textsAwaited, t } = await fresh();
    await startLanguage('es');
    gates['es:screens'] = gate();
    gates['es:rest'] = gate();
    const load = afterTexts(async () => 'post', 'screens');
    expect(textsAwaited(load)).toBe('screens');
    let screen: string | undefined;
    void load().then((value) => (screen = value));
    await settle();
    expect(requested).toEqual(['es:first', 'es:screens']);
    expect(screen).toBeUndefined();
    gates['es:screens'].open();
    await vi.waitFor(() => expect(screen).toBe('post'));
    expect(t('comments.send')).not.toBe('comments.send');
    expect(requested).not.toContain('es:rest');
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
    expect(requested).toEqual(expect.arrayContaining(['es:screens', 'es:rest']));
    expect(screen).toBeUndefined();

    gates['es:rest']!.open();
    await vi.waitFor(() => expect(screen).toBe('screen'));
    expect(t('legal.terms.title')).not.toBe('legal.terms.title');
    expect(t('settings.title')).not.toBe('settings.title');
    expect(t('comments.send')).not.toBe('comments.send');
  });

  it('fetches the rest once, however many screens wait for it', async () => {
    const { startLanguage, afterTexts, loadRestTexts } = await fresh();
    await startLanguage('es');
    await Promise.all([loadRestTexts(), afterTexts(async () => 1)(), afterTexts(async () => 2)()]);
    expect(requested.filter((part) => part === 'es:rest')).toHaveLength(1);
    expect(requested.filter((part) => part === 'es:screens')).toHaveLength(1);
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

  it('switches language only once every part of the new one is there', async () => {
    const { startLanguage, loadLanguage, currentLocale, t } = await fresh();
    await startLanguage('es');
    gates['de:rest'] = gate();
    let switched = false;
    void loadLanguage('de').then(() => (switched = true));
    await settle();
    expect(requested).toEqual(expect.arrayContaining(['de:first', 'de:screens', 'de:rest']));
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
