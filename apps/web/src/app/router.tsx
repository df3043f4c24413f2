import { usernameProblem } from '@wag/contract/account-rules';
import type { ComponentType } from 'react';
import { createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { afterTexts } from '../lib/lazy-screen';
import { RequireSession } from './require-session';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/route-error';
import { Shell } from './shell/shell';

/** A screen about one user: a first segment that cannot be a username is a page not found. */
function userScreen(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const Screen = await load();
    function UserScreen() {
      const { username = '' } = useParams();
      return usernameProblem(username) ? <NotFoundPage /> : <Screen key={username.toLowerCase()} />;
    }
    return { Component: UserScreen };
  };
}

const profileScreen = userScreen(async () => (await import('./routes/profile-route')).ProfileRoute);

function followList(kind: 'followers' | 'following'): RouteObject['lazy'] {
  return userScreen(async () => {
    const { FollowListPage } = await import('../features/follow-lists/components/follow-list-page');
    return () => <FollowListPage kind={kind} />;
  });
}

function settingsMenu(section: 'account' | 'notifications' | 'privacySecurity' | 'verification'): RouteObject['lazy'] {
  return async () => {
    const { SettingsPage } = await import('../features/settings/components/settings-page');
    return { Component: () => <SettingsPage section={section} /> };
  };
}

function preferencesPage(page: 'push' | 'messages' | 'interactions' | 'privacy'): RouteObject['lazy'] {
  return async () => {
    const { PreferencesPage } = await import('../features/preferences/components/preferences-page');
    return { Component: () => <PreferencesPage page={page} /> };
  };
}

function legalPage(document: 'terms' | 'privacy' | 'cookies'): RouteObject['lazy'] {
  return async () => {
    const { LegalPage } = await import('../features/about/components/legal-page');
    return { Component: () => <LegalPage document={document} /> };
  };
}

/** Screens of docs/product.md §2 that need an account (the protected ones and the account's own pages). */
const privateRoutes: RouteObject[] = [
  { path: 'quicky/:slug', lazy: async () => ({ Component: (await import('./routes/post-routes')).QuickyRoute }) },
  { path: 'post/:slug', lazy: async () => ({ Component: (await import('./routes/post-routes')).PostRoute }) },
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('../features/notifications/components/notifications-page')).NotificationsPage }),
  },
  { path: 'messages', lazy: async () => ({ Component: (await import('../features/messages/components/messages-page')).MessagesPage }) },
  {
    path: 'message-requests',
    lazy: async () => ({ Component: (await import('../features/messages/components/message-requests-page')).MessageRequestsPage }),
  },
  {
    path: 'block-user/:username',
    lazy: userScreen(async () => (await import('../features/safety/components/block-user-page')).BlockUserPage),
  },
  {
    path: 'edit-profile-picture',
    lazy: async () => ({
      Component: (await import('../features/profile-picture/components/edit-profile-picture-page')).EditProfilePicturePage,
    }),
  },
  { path: 'stories/create', lazy: async () => ({ Component: (await import('../features/stories/components/create-story-page')).CreateStoryPage }) },
  { path: 'saved', lazy: async () => ({ Component: (await import('../features/saved/components/saved-page')).SavedPage }) },
  { path: 'upload', lazy: async () => ({ Component: (await import('../features/upload/components/upload-page')).UploadPage }) },
  { path: 'settings/account', lazy: settingsMenu('account') },
  {
    path: 'settings/account/personal-information',
    lazy: async () => ({
      Component: (await import('../features/personal-info/components/personal-information-page')).PersonalInformationPage,
    }),
  },
  {
    path: 'settings/account/password-security',
    lazy: async () => ({ Component: (await import('../features/account-security/components/password-security-page')).PasswordSecurityPage }),
  },
  {
    path: 'settings/account/login-activity',
    lazy: async () => ({ Component: (await import('../features/account-security/components/login-activity-page')).LoginActivityPage }),
  },
  {
    path: 'settings/account/download-data',
    lazy: async () => ({ Component: (await import('../features/account-data/components/download-data-page')).DownloadDataPage }),
  },
  {
    path: 'settings/account/delete-account',
    lazy: async () => ({ Component: (await import('../features/account-data/components/delete-account-page')).DeleteAccountPage }),
  },
  { path: 'settings/notifications', lazy: settingsMenu('notifications') },
  { path: 'settings/notifications/push-notifications', lazy: preferencesPage('push') },
  { path: 'settings/notifications/direct-messages', lazy: preferencesPage('messages') },
  { path: 'settings/notifications/interactions', lazy: preferencesPage('interactions') },
  { path: 'settings/privacy-security', lazy: settingsMenu('privacySecurity') },
  { path: 'settings/privacy-security/privacy-controls', lazy: preferencesPage('privacy') },
  {
    path: 'settings/privacy-security/security-settings',
    lazy: async () => ({ Component: (await import('../features/account-security/components/security-settings-page')).SecuritySettingsPage }),
  },
  {
    path: 'settings/privacy-security/blocked-users',
    lazy: async () => ({ Component: (await import('../features/safety/components/blocked-users-page')).BlockedUsersPage }),
  },
  {
    path: 'settings/privacy-security/my-reports',
    lazy: async () => ({ Component: (await import('../features/safety/components/my-reports-page')).MyReportsPage }),
  },
  {
    path: 'settings/privacy-security/moderation-decisions',
    lazy: async () => ({ Component: (await import('../features/safety/components/moderation-decisions-page')).ModerationDecisionsPage }),
  },
  { path: 'moderation', lazy: async () => ({ Component: (await import('../features/moderation/components/moderation-queue-page')).ModerationQueuePage }) },
  {
    path: 'moderation/identity/:id',
    lazy: async () => ({ Component: (await import('../features/moderation/components/identity-request-page')).IdentityRequestPage }),
  },
  {
    path: 'moderation/:subjectType/:subjectId',
    lazy: async () => ({ Component: (await import('../features/moderation/components/moderation-subject-page')).ModerationSubjectPage }),
  },
  { path: 'settings/verification', lazy: settingsMenu('verification') },
  {
    path: 'settings/verification/identity',
    lazy: async () => ({ Component: (await import('../features/identity-verification/components/identity-verification-page')).IdentityVerificationPage }),
  },
  {
    path: 'settings/verification/account',
    lazy: async () => ({
      Component: (await import('../features/account-verification/components/account-verification-page')).AccountVerificationPage,
    }),
  },
  {
    path: 'settings/subscriptions',
    lazy: async () => ({ Component: (await import('../features/subscriptions/components/subscriptions-page')).SubscriptionsPage }),
  },
  { path: 'creator', lazy: async () => ({ Component: (await import('../features/creator/components/creator-dashboard-page')).CreatorDashboardPage }) },
];

const publicRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./routes/home-route')).HomeRoute }) },
  { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }) },
  { path: 'register', lazy: async () => ({ Component: (await import('../features/auth/components/register-page')).RegisterPage }) },
  { path: 'forgot-password', lazy: async () => ({ Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage }) },
  { path: 'account-deleted', lazy: async () => ({ Component: (await import('../features/account-data/components/account-deleted-page')).AccountDeletedPage }) },
  { path: 'confirm-email', lazy: async () => ({ Component: (await import('../features/auth/components/confirm-email-page')).ConfirmEmailPage }) },
  { path: 'quickys', lazy: async () => ({ Component: (await import('./routes/quickys-route')).QuickysRoute }) },
  { path: 'wag-stars', lazy: async () => ({ Component: (await import('../features/wag-stars/components/wag-stars-page')).WagStarsPage }) },
  { path: 'search-results', lazy: async () => ({ Component: (await import('../features/search/components/search-results-page')).SearchResultsPage }) },
  { path: 'tags/:tag', lazy: async () => ({ Component: (await import('../features/tags/components/tag-page')).TagPage }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('../features/settings/components/settings-page')).SettingsPage }) },
  // Reports: a guest may report a person, post or story with a contact email (the form asks for it).
  {
    path: 'report-user/:username',
    lazy: userScreen(async () => (await import('../features/safety/components/report-page')).ReportUserPage),
  },
  { path: 'report/:subjectType/:subjectId', lazy: async () => ({ Component: (await import('../features/safety/components/report-page')).ReportContentPage }) },
  { path: 'settings/appearance', lazy: async () => ({ Component: (await import('../features/appearance/components/appearance-page')).AppearancePage }) },
  { path: 'settings/appearance/theme', lazy: async () => ({ Component: (await import('../features/appearance/components/theme-page')).ThemePage }) },
  { path: 'settings/language', lazy: async () => ({ Component: (await import('../features/language/components/language-page')).LanguagePage }) },
  { path: 'settings/about', lazy: async () => ({ Component: (await import('../features/about/components/about-page')).AboutPage }) },
  { path: 'settings/about/licenses', lazy: async () => ({ Component: (await import('../features/about/components/licenses-page')).LicensesPage }) },
  { path: 'legal/terms', lazy: legalPage('terms') },
  { path: 'legal/privacy', lazy: legalPage('privacy') },
  { path: 'legal/cookies', lazy: legalPage('cookies') },
  { path: 'profile/:username', lazy: profileScreen },
  { path: ':username/followers', lazy: followList('followers') },
  { path: ':username/following', lazy: followList('following') },
];

/**
 * Every lazy screen also waits for the rest of the language's catalog (lib/lazy-screen.ts), fetched
 * beside its chunk, so its texts are there when it renders; all but the index (`/`, a first screen:
 * its texts are in the catalog's first part, so it does not wait for the rest).
 */
function withTexts(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' && !route.index ? { lazy: afterTexts(route.lazy) } : {};
    const children = route.children ? { children: withTexts(route.children) } : {};
    return { ...route, ...lazy, ...children } as RouteObject;
  });
}

export const routes: RouteObject[] = withTexts([
  {
    path: '/',
    element: <Shell />,
    // First load while the screen's chunk arrives: the shell with a spinner, not a blank page. An
    // element of the same type in the same place (not a HydrateFallback component wrapping it), so
    // React keeps that shell when the screen arrives: a search opened or a menu toggled meanwhile
    // stays as it is instead of vanishing with a remount.
    hydrateFallbackElement: (
      <Shell>
        <Spinner />
      </Shell>
    ),
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          { element: <RequireSession />, children: privateRoutes },
          // The profile catch-all comes last (docs/product.md §2).
          { path: ':username', lazy: profileScreen },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
