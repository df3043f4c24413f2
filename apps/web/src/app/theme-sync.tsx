import { useEffect } from 'react';
import { useAccountPreferences } from '../lib/queries/preferences';
import { applyTheme, followSystemTheme, readStoredTheme, setThemeChoice } from '../lib/theme';

/**
 * Keeps the page in the chosen theme: follows the device while the choice is 'system', and for a
 * signed-in person takes the account's preference (it wins over this browser's) and keeps it in
 * localStorage, where index.html's script finds it before the next first paint.
 */
export function ThemeSync() {
  const preferences = useAccountPreferences();
  const accountTheme = preferences.data?.theme;

  useEffect(() => {
    applyTheme(readStoredTheme());
    return followSystemTheme();
  }, []);

  useEffect(() => {
    if (accountTheme && accountTheme !== readStoredTheme()) setThemeChoice(accountTheme);
  }, [accountTheme]);

  return null;
}
