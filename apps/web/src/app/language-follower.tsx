import { useEffect, useRef } from 'react';
import { currentLocale } from '../lib/i18n';
import { switchLanguage } from '../lib/language';
import { useAccountPreferences } from '../lib/queries/preferences';
import { useSession } from '../lib/session';

/**
 * A signed-in person's language is the one saved in their preferences: once per session it is read
 * from the server and, when it differs from this browser's, the interface switches to it. Later
 * changes come from the language page, which switches at once by itself.
 */
export function LanguageFollower() {
  const session = useSession();
  const preferences = useAccountPreferences();
  const followed = useRef<string | null>(null);
  const saved = preferences.data?.language;

  useEffect(() => {
    if (!session.token || !saved || followed.current === session.token) return;
    followed.current = session.token;
    // A catalog that cannot be downloaded leaves the interface as it was.
    if (saved !== currentLocale()) switchLanguage(saved).catch(() => undefined);
  }, [session.token, saved]);

  return null;
}
