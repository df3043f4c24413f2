import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, i18n, loadLanguage, t } from './i18n';

afterEach(async () => {
  await loadLanguage('es');
});

describe('i18n', () => {
  it('returns the Spanish reference text for a key', () => {
    expect(t('gates.ageConfirm')).toBe('Tengo 18 años o más');
    expect(t('auth.validation.passwordMismatch')).toBe('Las contraseñas no coinciden. ¡Qué despistado!');
  });

  it('gives a text without parameters in the language and catalog of the moment, though it keeps it between calls', async () => {
    expect(t('nav.home')).toBe('Inicio');
    expect(t('nav.home')).toBe('Inicio');
    await loadLanguage('en');
    expect(t('nav.home')).toBe('Home');
    // A key the catalog lacks shows itself until a part that has it arrives.
    expect(t('zz.later' as Parameters<typeof t>[0])).toBe('zz.later');
    i18n.addResourceBundle('en', 'translation', { zz: { later: 'Later' } }, true, false);
    expect(t('zz.later' as Parameters<typeof t>[0])).toBe('Later');
    await loadLanguage('es');
    expect(t('nav.home')).toBe('Inicio');
  });

  it('fills {name} placeholders from the parameters, without escaping (React does)', () => {
    expect(t('home.greetingUser', { username: 'luna' })).toBe('Hola, @luna');
    expect(t('home.greetingUser', { username: '<b>&' })).toBe('Hola, @<b>&');
  });

  it('picks the plural form from count: 1 vista, 2 vistas, 1 historia', () => {
    expect(t('post.views', { count: 1 })).toBe('1 vista');
    expect(t('post.views', { count: 2 })).toBe('2 vistas');
    expect(t('post.views', { count: 0 })).toBe('0 vistas');
    expect(t('stories.groupCount', { count: 1 })).toBe('1 historia');
    expect(t('stories.groupCount', { count: 7 })).toBe('7 historias');
    expect(t('profile.photos', { count: 1 })).toBe('1 foto');
    expect(t('searchResults.followers', { count: 1 })).toBe('1 seguidor');
  });

  it('shortens counts marked compact the way cards do, keeping the plural right', () => {
    expect(t('post.views', { count: 1_200 })).toMatch(/^1,2\s?mil vistas$/);
    expect(t('post.views', { count: 3_000_000 })).toMatch(/^3\s?M vistas$/);
  });

  it('uses each language’s plural rules (French counts 0 as one)', async () => {
    await loadLanguage('en');
    expect(t('post.views', { count: 1 })).toBe('1 view');
    expect(t('post.views', { count: 2 })).toBe('2 views');
    await loadLanguage('fr');
    expect(t('post.views', { count: 0 })).toBe('0 vue');
    expect(t('post.views', { count: 2 })).toBe('2 vues');
    await loadLanguage('de');
    expect(t('stories.groupCount', { count: 1 })).toBe('1 Story');
  });

  it('loads a language on demand and marks the document with it', async () => {
    await loadLanguage('de');
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);
    await loadLanguage('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows the key itself when a text is missing', () => {
    expect(i18n.t('group.absent')).toBe('group.absent');
  });
});

describe('the language of the first requests', () => {
  it('is the one being loaded, before its catalog has arrived', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const loading = fresh.loadLanguage('fr');
    expect(fresh.currentLocale()).toBe('fr');
    await loading;
    expect(fresh.currentLocale()).toBe('fr');
    document.documentElement.lang = 'es';
  });
});
