import { usernameProblem } from '@wag/contract/account-rules';
import { useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { ConstructionPanel } from '../../components/ui/construction-panel';
import type { IconName } from '../../components/ui/icon';
import { useDocumentTitle } from '../../lib/document-title';
import { t, type MessageKey } from '../../lib/i18n';
import { NotFoundPage } from './not-found-page';
import './under-construction-page.css';

interface SectionInfo {
  icon: IconName;
  title: MessageKey;
  body: MessageKey;
  /** The screen belongs to a user: the :username parameter must be a possible username. */
  user?: boolean;
  back?: { to: string; label: MessageKey };
}

const toAccount = { to: '/settings/account', label: 'settings.backToAccount' } as const;

/** The screens that later issues build, and what each one will hold. */
export const sections = {
  quickys: { icon: 'quickys', title: 'comingSoon.quickys.title', body: 'comingSoon.quickys.body' },
  quicky: { icon: 'quickys', title: 'comingSoon.quicky.title', body: 'comingSoon.quicky.body' },
  post: { icon: 'image', title: 'comingSoon.post.title', body: 'comingSoon.post.body' },
  wagStars: { icon: 'star', title: 'comingSoon.wagStars.title', body: 'comingSoon.wagStars.body' },
  searchResults: { icon: 'search', title: 'comingSoon.searchResults.title', body: 'comingSoon.searchResults.body' },
  notifications: { icon: 'bell', title: 'comingSoon.notifications.title', body: 'comingSoon.notifications.body' },
  messages: { icon: 'send', title: 'comingSoon.messages.title', body: 'comingSoon.messages.body' },
  messageRequests: { icon: 'inbox', title: 'comingSoon.messageRequests.title', body: 'comingSoon.messageRequests.body' },
  profile: { icon: 'user', title: 'comingSoon.profile.title', body: 'comingSoon.profile.body', user: true },
  followers: { icon: 'users', title: 'comingSoon.followers.title', body: 'comingSoon.followers.body', user: true },
  following: { icon: 'users', title: 'comingSoon.following.title', body: 'comingSoon.following.body', user: true },
  editProfilePicture: { icon: 'camera', title: 'comingSoon.editProfilePicture.title', body: 'comingSoon.editProfilePicture.body' },
  createStory: { icon: 'plus', title: 'comingSoon.createStory.title', body: 'comingSoon.createStory.body' },
  upload: { icon: 'upload', title: 'comingSoon.upload.title', body: 'comingSoon.upload.body' },
  settingsPersonalInformation: { icon: 'user', title: 'comingSoon.settingsPersonalInformation.title', body: 'comingSoon.settingsPersonalInformation.body', back: toAccount },
  settingsAccountVerification: { icon: 'shieldCheck', title: 'comingSoon.settingsAccountVerification.title', body: 'comingSoon.settingsAccountVerification.body', back: { to: '/settings/verification', label: 'settings.verification' } },
} satisfies Record<string, SectionInfo>;

export type Section = keyof typeof sections;

const filterLabels: Record<string, Record<string, MessageKey>> = {
  category: { quickys: 'search.chipQuickys', photos: 'search.chipPhotos', models: 'search.chipModels' },
  sort: { recent: 'search.chipRecent', popular: 'search.chipPopular' },
  orientation: { horizontal: 'search.chipHorizontal', vertical: 'search.chipVertical' },
  quality: { hd: 'search.chipHd' },
};

/** What the visitor asked for, read back from the address (their own input, not content). */
function SearchEcho() {
  const [params] = useSearchParams();
  const query = params.get('query')?.trim();
  const filters = Object.entries(filterLabels).flatMap(([name, labels]) => {
    const key = labels[params.get(name) ?? ''];
    return key ? [t(key)] : [];
  });
  if (!query && filters.length === 0) return null;
  return (
    <div className="construction-extra">
      {query ? <p className="construction-extra__line">{t('comingSoon.searchResults.yourSearch', { query })}</p> : null}
      {filters.length > 0 ? (
        <ul className="construction-extra__chips" aria-label={t('comingSoon.searchResults.yourFilters')}>
          {filters.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ConversationEcho() {
  const [params] = useSearchParams();
  const to = params.get('to')?.trim();
  if (!to || usernameProblem(to)) return null;
  return (
    <div className="construction-extra">
      <p className="construction-extra__line">{t('comingSoon.messages.withUser', { username: to })}</p>
    </div>
  );
}

export function UnderConstructionPage({ section }: { section: Section }) {
  const info: SectionInfo = sections[section];
  const { username = '', slug = '' } = useParams();
  const values = { username, slug };
  const invalidUser = info.user === true && usernameProblem(username) !== null;
  const title = t(info.title, values);
  useDocumentTitle(invalidUser ? t('errors.notFoundTitle') : title);

  if (invalidUser) return <NotFoundPage />;

  return (
    <ConstructionPanel
      icon={info.icon}
      title={title}
      body={t(info.body, values)}
      actions={
        info.back ? (
          <ButtonLink to={info.back.to} variant="secondary">
            {t(info.back.label)}
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant="secondary">
            {t('app.goHome')}
          </ButtonLink>
        )
      }
    >
      {section === 'searchResults' ? <SearchEcho /> : null}
      {section === 'messages' ? <ConversationEcho /> : null}
    </ConstructionPanel>
  );
}
