import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAfterFirstScreen } from '../lib/idle';
import { preferencesQuery } from '../lib/queries/preferences';
import { useSession } from '../lib/session';
import { applyTheme, followSystemTheme, readStoredTheme, setThemeChoice } from '../lib/theme';
import { viewerKey } from '../lib/viewer-key';

/**
 * Keeps the page in the chosen theme: follows the device while the choice is 'system', and for a
 * signed-in person takes the account's preference (it wins over this browser's) and keeps it in
 * localStorage, where index.html's script finds it before the next first paint.
 */
export function ThemeSync() {
  const session = useSession();
  // Read once the first screen is drawn: until then this browser's kept choice stands.
  const drawn = useAfterFirstScreen();
  const preferences = useQuery({ ...preferencesQuery(viewerKey(session)), enabled: session.token !== null && drawn });
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
