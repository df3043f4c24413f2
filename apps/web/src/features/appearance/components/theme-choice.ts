import type { Theme } from '@wag/contract/preferences-rules';
import type { IconName } from '../../../components/ui/icon';
import type { MessageKey } from '../../../lib/i18n';

/** The three choices, in the order the theme page lists them. */
export const THEME_OPTIONS: { value: Theme; icon: IconName; label: MessageKey; hint: MessageKey }[] = [
  { value: 'dark', icon: 'moon', label: 'appearance.themes.dark', hint: 'appearance.themes.darkHint' },
  { value: 'light', icon: 'sun', label: 'appearance.themes.light', hint: 'appearance.themes.lightHint' },
  { value: 'system', icon: 'monitor', label: 'appearance.themes.system', hint: 'appearance.themes.systemHint' },
];

export function themeLabel(theme: Theme): MessageKey {
  return THEME_OPTIONS.find((option) => option.value === theme)?.label ?? 'appearance.themes.dark';
}
