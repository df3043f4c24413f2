import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import html from '../../index.html?raw';
import { applyTheme, followSystemTheme, readStoredTheme, resolveTheme, setThemeChoice, THEME_COLORS, THEME_KEY, useThemeChoice } from './theme';

/** A matchMedia whose answer to prefers-color-scheme: light the test decides, with change events. */
function fakeSystem(prefersLight: boolean) {
  const listeners = new Set<() => void>();
  const state = { prefersLight };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: light)' ? state.prefersLight : false;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    switchTo(light: boolean) {
      state.prefersLight = light;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

function meta(name: string): HTMLMetaElement {
  const element = document.createElement('meta');
  element.name = name;
  document.head.append(element);
  return element;
}

beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('is dark until something else is stored, and ignores values it does not know', () => {
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem(THEME_KEY, 'sepia');
    expect(readStoredTheme()).toBe('dark');
  });

  it('resolves system from the device preference and keeps explicit choices', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('stores a choice, paints the page and sets the browser colours', () => {
    fakeSystem(false);
    const themeColor = meta('theme-color');
    const colorScheme = meta('color-scheme');
    setThemeChoice('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor.content).toBe(THEME_COLORS.light);
    expect(colorScheme.content).toBe('light');
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor.content).toBe(THEME_COLORS.dark);
  });

  it('follows the device live while the choice is system, and only then', () => {
    const system = fakeSystem(false);
    setThemeChoice('system');
    expect(document.documentElement.dataset.theme).toBe('dark');
    const stop = followSystemTheme();
    system.switchTo(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    system.switchTo(false);
    expect(document.documentElement.dataset.theme).toBe('dark');

    setThemeChoice('light');
    system.switchTo(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
    expect(system.listeners.size).toBe(0);
  });

  it('tells the components that show the choice when it changes', () => {
    fakeSystem(false);
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe('dark');
    act(() => setThemeChoice('system'));
    expect(result.current).toBe('system');
  });

  it('applies what another tab stores', () => {
    fakeSystem(false);
    const stop = followSystemTheme();
    const { result } = renderHook(() => useThemeChoice());
    act(() => {
      localStorage.setItem(THEME_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    });
    expect(result.current).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });
});

describe("index.html's inline theme script", () => {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

  it('is the first inline script (the other asks for the home\'s answers: app/early-start.test.tsx)', () => {
    expect(inline).toHaveLength(2);
    expect(inline[0]).toContain('wag.theme');
    expect(inline[1]).toContain('__wagEarly');
  });

  it.each([
    [null, false],
    [null, true],
    ['dark', true],
    ['light', false],
    ['system', true],
    ['system', false],
    ['nonsense', true],
  ] as const)('paints what lib/theme.ts paints for stored %s (device light: %s)', (stored, prefersLight) => {
    fakeSystem(prefersLight);
    const themeColor = meta('theme-color');
    const colorScheme = meta('color-scheme');
    themeColor.content = THEME_COLORS.dark;
    colorScheme.content = 'dark';
    document.documentElement.dataset.theme = 'dark';
    if (stored) localStorage.setItem(THEME_KEY, stored);

    new Function(inline[0] ?? '')();
    const fromScript = { theme: document.documentElement.dataset.theme, color: themeColor.content, scheme: colorScheme.content };

    const applied = applyTheme(readStoredTheme());
    expect(fromScript).toEqual({ theme: applied, color: THEME_COLORS[applied], scheme: applied });
  });
});
