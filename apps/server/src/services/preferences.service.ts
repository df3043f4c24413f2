import type { PreferencesPatch, PreferencesResponse } from '@wag/contract/preferences';
import type { Clock } from '../lib/clock.js';
import type { PreferencesRepository } from '../repositories/preferences.repository.js';
import type { Viewer } from './auth.service.js';

/**
 * The account's preferences (docs/product-decisions.md §8). The services that obey them read them
 * where they act (notifications as they are written, messages, search); this one reads and changes them.
 */
export function createPreferencesService({ preferences, clock }: { preferences: PreferencesRepository; clock: Clock }) {
  return {
    get(viewer: Viewer): Promise<PreferencesResponse> {
      return preferences.of(viewer.userId);
    },

    /** A partial change, group by group; what is not sent stays as it was. */
    async update(viewer: Viewer, patch: PreferencesPatch): Promise<PreferencesResponse> {
      return preferences.update(
        viewer.userId,
        (current) => ({
          notifications: { ...current.notifications, ...patch.notifications },
          messages: { ...current.messages, ...patch.messages },
          interactions: { ...current.interactions, ...patch.interactions },
          privacy: { ...current.privacy, ...patch.privacy },
          theme: patch.theme ?? current.theme,
          language: patch.language ?? current.language,
        }),
        clock.now(),
      );
    },
  };
}
