import { usernameProblem } from '@wag/contract/account-rules';
import type { PostSummary } from '@wag/contract/profiles';
import { Suspense, useCallback, useId, useMemo, useState, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { LazyPaymentSheet } from '../../../components/payment-sheet/lazy-payment-sheet';
import { LoginPromptModal } from '../../../components/social/login-prompt-modal';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon, type IconName } from '../../../components/ui/icon';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import type { Purchase } from '../../../lib/queries/payments';
import { useUserVip } from '../../../lib/queries/vip';
import { useSession } from '../../../lib/session';
import { useMorePosts, useProfile } from '../api/use-profile';
import { useGuestLoginPrompt } from '../hooks/use-guest-login-prompt';
import { postsForTab, type ProfileTab } from '../profile-tabs';
import { EditProfileModal } from './edit-profile-modal';
import { PostGrid, QuickyGrid } from '../../../components/posts/post-grid';
import { ProfileHeader, type BuyStoryState } from './profile-header';
import { VipTab } from './vip-tab';
import './profile.css';
import { TabList, tabId, tabPanelId } from '../../../components/ui/tab-list';

/**
 * What the profile shows of its owner's stories, given by the page's route (stories are a feature of
 * their own): the Quickyteca's highlight groups, and the viewer they open in.
 */
export interface ProfileStories {
  Highlights: ComponentType<{ username: string; onOpen: (group: string) => void }>;
  Viewer: ComponentType<{ username: string; start: 'active' | 'highlights'; group?: string; onClose: () => void }>;
}

const tabs: { id: ProfileTab; label: MessageKey; icon: IconName }[] = [
  { id: 'posts', label: 'profile.tabPosts', icon: 'grid' },
  { id: 'quickys', label: 'profile.tabQuickys', icon: 'quickys' },
  { id: 'vip', label: 'profile.tabVip', icon: 'lock' },
];

function readTab(value: string | null): ProfileTab {
  return value === 'quickys' || value === 'vip' ? value : 'posts';
}

function ProfileStatus({ username, message, busy = false, onRetry }: { username: string; message: string; busy?: boolean; onRetry?: () => void }) {
  return (
    <section className="profile-status" data-testid="profile-status" aria-busy={busy || undefined}>
      {busy ? (
        <>
          <h1 className="visually-hidden">@{username}</h1>
          <span className="profile-status__spinner" aria-hidden="true" />
          <p role="status">{message}</p>
        </>
      ) : (
        <>
          <span className="profile-status__icon" aria-hidden="true">
            <Icon name="user" size={28} />
          </span>
          <h1 className="profile-status__title">{message}</h1>
          <div className="profile-status__actions">
            {onRetry ? (
              <Button variant="secondary" onClick={onRetry}>
                {t('profile.retry')}
              </Button>
            ) : null}
            <ButtonLink to="/" variant="ghost">
              {t('app.goHome')}
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}

function TabContent({ tab, posts, hasMore }: { tab: ProfileTab; posts: PostSummary[]; hasMore: boolean }) {
  const shown = postsForTab(posts, tab);
  if (shown.length === 0) {
    // More pages may still hold this tab's posts: then only 'Cargar más' shows.
    if (hasMore) return null;
    const empty: MessageKey = tab === 'quickys' ? 'profile.noQuickys' : tab === 'vip' ? 'profile.noVip' : 'profile.noPosts';
    return <p className="profile-empty">{t(empty)}</p>;
  }
  return tab === 'quickys' ? <QuickyGrid posts={shown} /> : <PostGrid posts={shown} />;
}

function ProfileScreen({ username, stories: { Highlights, Viewer } }: { username: string; stories: ProfileStories }) {
  const { token } = useSession();
  const profile = useProfile(username);
  const prompt = useGuestLoginPrompt(!token, username);
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState<{ start: 'active' | 'highlights'; group?: string } | null>(null);
  const [moreStarted, setMoreStarted] = useState(false);
  const [paying, setPaying] = useState<Purchase | null>(null);
  const tabsId = useId();
  const data = profile.data;
  // The creator's VIP offer and the viewer's standing: the VIP tab and 'Comprar Story' (not for the owner).
  const vip = useUserVip(username, data !== undefined && !data.isOwner);
  const more = useMorePosts(username, data?.postsNextCursor ?? null, moreStarted);

  const posts = useMemo(() => {
    const all = [...(data?.posts ?? []), ...(more.data?.pages.flatMap((page) => page.posts) ?? [])];
    const seen = new Set<string>();
    return all.filter((post) => (seen.has(post.id) ? false : (seen.add(post.id), true)));
  }, [data?.posts, more.data]);

  const name = data ? data.user.fullName?.trim() || data.user.username : null;
  useDocumentTitle(data && name ? t('profile.documentTitle', { name, username: data.user.username }) : `@${username}`);

  const closeEditor = useCallback(() => setEditing(false), []);
  const closeSheet = useCallback(() => setPaying(null), []);

  if (profile.isPending) return <ProfileStatus username={username} message={t('profile.loading')} busy />;
  if (profile.isError || !data) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return missing ? (
      <ProfileStatus username={username} message={t('profile.notFound')} />
    ) : (
      <ProfileStatus username={username} message={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />
    );
  }

  const hasMore = moreStarted ? more.hasNextPage : data.postsNextCursor !== null;
  // A visitor without access sees the VIP tab's offer over blurred covers, not its pages.
  const vipLocked = !data.isOwner && vip.data?.isSubscribed !== true;
  const startPaying = (purchase: Purchase) => (token ? setPaying(purchase) : prompt.show());
  const buyStory: BuyStoryState = !token
    ? { available: true }
    : vip.isPending
      ? { available: false }
      : vip.isError
        ? { available: false, reason: t('vip.loadFailed') }
        : !vip.data.enabled
          ? { available: false, reason: t('vip.notOffered', { username: data.user.username }) }
          : vip.data.lockedStories === 0
            ? { available: false, reason: t('vip.noLockedStories') }
            : { available: true };
  const loadingMore = more.isFetching;
  const loadMore = () => {
    if (!moreStarted) setMoreStarted(true);
    else void more.fetchNextPage();
  };

  const selectTab = (next: ProfileTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'posts') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="profile" data-testid="profile-page">
      <ProfileHeader
        profile={data}
        onEdit={() => setEditing(true)}
        onAuthRequired={prompt.show}
        onOpenStories={() => setOpened({ start: 'active' })}
        buyStory={buyStory}
        onBuyStory={() => startPaying({ kind: 'stories', username: data.user.username })}
      />
      <Highlights username={data.user.username} onOpen={(group) => setOpened({ start: 'highlights', group })} />
      {opened ? (
        <Suspense fallback={null}>
          <Viewer username={data.user.username} start={opened.start} group={opened.group} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}

      <TabList
        base={tabsId}
        label={t('profile.tabs')}
        tabs={tabs.map((entry) => ({
          id: entry.id,
          content: (
            <>
              <Icon name={entry.icon} size={18} />
              <span>{t(entry.label)}</span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={selectTab}
        className="profile-tabs"
        tabClassName="profile-tabs__tab"
      />

      <div className="profile-panel" role="tabpanel" id={tabPanelId(tabsId)} aria-labelledby={tabId(tabsId, tab)}>
        {tab === 'vip' && !data.isOwner ? (
          <VipTab
            username={data.user.username}
            vip={vip}
            posts={postsForTab(posts, 'vip')}
            hasMore={hasMore}
            onSubscribe={() => startPaying({ kind: 'subscribe', username: data.user.username })}
          />
        ) : (
          <>
            {tab === 'vip' ? (
              <p className="vip-standing">
                <AppLink to="/creator" data-testid="vip-owner-link">
                  {t('vip.ownerLink')}
                </AppLink>
              </p>
            ) : null}
            <TabContent tab={tab} posts={posts} hasMore={hasMore} />
          </>
        )}
        {more.isError ? (
          <p className="profile-empty" role="alert">
            {t('profile.loadMoreFailed')}
          </p>
        ) : null}
        {hasMore && !(tab === 'vip' && vipLocked) ? (
          <div className="profile-more">
            <Button variant="secondary" onClick={loadMore} disabled={loadingMore} data-testid="load-more-posts">
              {loadingMore ? t('profile.loadingMore') : t('profile.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>

      {editing ? (
        <EditProfileModal username={data.user.username} fullName={data.user.fullName} bio={data.user.bio} onClose={closeEditor} />
      ) : null}
      {prompt.open ? <LoginPromptModal username={data.user.username} onClose={prompt.close} /> : null}
      {paying ? (
        <LazyPaymentSheet
          purchase={paying}
          onClose={closeSheet}
          doneLabel={paying.kind === 'stories' ? t('vip.viewStories') : t('vip.viewVip')}
          onDone={() => {
            setPaying(null);
            if (paying.kind === 'stories') setOpened({ start: 'active' });
            else selectTab('vip');
          }}
        />
      ) : null}
    </div>
  );
}

/** /{username} and /profile/{username}. A name that cannot be a username is a missing user. */
export function ProfilePage({ stories }: { stories: ProfileStories }) {
  const { username = '' } = useParams();
  if (usernameProblem(username) === 'format' || usernameProblem(username) === 'missing') {
    return <ProfileStatus username={username} message={t('profile.notFound')} />;
  }
  return <ProfileScreen key={username.toLowerCase()} username={username} stories={stories} />;
}
