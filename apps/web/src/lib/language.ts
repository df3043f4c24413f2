import { isLanguage, loadLanguage, type Language } from './i18n';

/** A guest's choice (and the last one of a signed-in person, so a reload starts in it at once). */
export const LANGUAGE_KEY = 'wag.language';

function stored(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages that WAG speaks ('en-GB' counts as 'en'), if any. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The language to start in: the one chosen before on this browser, else the browser's, else Spanish. */
export function initialLanguage(): Language {
  return stored() ?? browserLanguage() ?? 'es';
}

/** Switches the interface now and remembers the choice on this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the page is closed.
  }
  await loadLanguage(language);
}
