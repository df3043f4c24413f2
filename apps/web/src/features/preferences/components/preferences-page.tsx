import { WHO_CAN_MESSAGE, type WhoCanMessage } from '@wag/contract/preferences-rules';
import type { PreferencesPatch, PreferencesResponse } from '@wag/contract/preferences';
import { useId } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { usePreferences, useUpdatePreferences } from '../../../lib/queries/preferences';
import '../../../components/ui/text-field.css';
import './preferences.css';

type Group = 'notifications' | 'messages' | 'interactions';
type Page = 'push' | 'messages' | 'interactions' | 'privacy';

/** One switch: its group and key in the preferences. */
interface Toggle {
  group: Group;
  key: string;
}

const PAGES: Record<Page, { title: MessageKey; subtitle: MessageKey; back: string; backLabel: MessageKey; toggles: Toggle[] }> = {
  push: {
    title: 'settings.pushNotifications',
    subtitle: 'preferences.pushSubtitle',
    back: '/settings/notifications',
    backLabel: 'settings.notifications',
    toggles: (['newQuickys', 'newPosts', 'likes', 'comments', 'mentions', 'follows'] as const).map((key) => ({ group: 'notifications', key })),
  },
  messages: {
    title: 'settings.directMessages',
    subtitle: 'preferences.messagesSubtitle',
    back: '/settings/notifications',
    backLabel: 'settings.notifications',
    toggles: (['messageRequests', 'groupInvites', 'readReceipts'] as const).map((key) => ({ group: 'messages', key })),
  },
  interactions: {
    title: 'settings.interactions',
    subtitle: 'preferences.interactionsSubtitle',
    back: '/settings/notifications',
    backLabel: 'settings.notifications',
    toggles: (['likesOnMyPosts', 'commentsOnMyPosts', 'mentionsOfMe', 'newFollowers'] as const).map((key) => ({ group: 'interactions', key })),
  },
  privacy: {
    title: 'settings.privacyControls',
    subtitle: 'preferences.privacySubtitle',
    back: '/settings/privacy-security',
    backLabel: 'settings.privacySecurity',
    toggles: [],
  },
};

/** The notification pages and privacy controls: switches the server obeys (docs/product-decisions.md §8). */
export function PreferencesPage({ page }: { page: Page }) {
  const info = PAGES[page];
  useDocumentTitle(t(info.title));
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();
  const save = (patch: PreferencesPatch) => update.mutate(patch, { onError: (error) => toast(errorText(error, t('preferences.failed')), 'error') });

  return (
    <section className="preferences" data-testid={`preferences-${page}`}>
      <PageHeader back={{ to: info.back, label: t(info.backLabel) }} title={t(info.title)} subtitle={t(info.subtitle)} />
      {preferences.isPending ? (
        <Spinner />
      ) : preferences.isError ? (
        <p className="preferences__status" role="alert">
          {errorText(preferences.error, t('preferences.loadFailed'))}
        </p>
      ) : (
        <ul className="panel-list">
          {info.toggles.map(({ group, key }) => (
            <SwitchRow
              key={`${group}.${key}`}
              label={t(`preferences.${group}.${key}` as MessageKey)}
              hint={t(`preferences.${group}.${key}Hint` as MessageKey)}
              checked={(preferences.data[group] as Record<string, boolean>)[key] ?? true}
              onChange={(checked) => save({ [group]: { [key]: checked } } as PreferencesPatch)}
            />
          ))}
          {page === 'privacy' ? <PrivacyRows preferences={preferences.data} save={save} /> : null}
        </ul>
      )}
    </section>
  );
}

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <li>
      <label className="preferences__row" htmlFor={id}>
        <span className="preferences__text">
          <span className="preferences__label">{label}</span>
          <span className="preferences__hint">{hint}</span>
        </span>
        <input id={id} type="checkbox" role="switch" className="preferences__switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      </label>
    </li>
  );
}

function PrivacyRows({ preferences, save }: { preferences: PreferencesResponse; save: (patch: PreferencesPatch) => void }) {
  const id = useId();
  return (
    <>
      <li>
        <label className="preferences__row" htmlFor={id}>
          <span className="preferences__text">
            <span className="preferences__label">{t('preferences.privacy.whoCanMessage')}</span>
            <span className="preferences__hint">{t('preferences.privacy.whoCanMessageHint')}</span>
          </span>
          <select
            id={id}
            className="field__input preferences__select"
            value={preferences.privacy.whoCanMessage}
            onChange={(event) => save({ privacy: { whoCanMessage: event.target.value as WhoCanMessage } })}
          >
            {WHO_CAN_MESSAGE.map((value) => (
              <option key={value} value={value}>
                {t(`preferences.privacy.who.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </li>
      <SwitchRow
        label={t('preferences.privacy.showInSearch')}
        hint={t('preferences.privacy.showInSearchHint')}
        checked={preferences.privacy.showInSearch}
        onChange={(checked) => save({ privacy: { showInSearch: checked } })}
      />
      <SwitchRow
        label={t('preferences.privacy.activityStatus')}
        hint={t('preferences.privacy.activityStatusHint')}
        checked={preferences.privacy.activityStatus}
        onChange={(checked) => save({ privacy: { activityStatus: checked } })}
      />
    </>
  );
}
