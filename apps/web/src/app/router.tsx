import { usernameProblem } from '@wag/contract/account-rules';
import { Suspense, type ComponentType } from 'react';
import { useParams, useRoutes, type Location, type Path, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { lazyRoute, loadsFor, useShownLocation, type LazyRouteComponent } from '../lib/lazy-route';
import { afterTexts, type TextsPart } from '../lib/lazy-screen';
import { useScrollRestoration } from '../lib/scroll-restoration';
import { RequireSession } from './require-session';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorBoundary } from './routes/route-error';
import { Shell } from './shell/shell';

/**
 * A lazy screen (lib/lazy-route.tsx) that also waits for its part of the language's catalog
 * (lib/lazy-screen.ts), fetched beside its chunk, so its texts are there when it renders: 'screens'
 * for the screens a page can open on (/quickys, a post or quicky, a profile), whose texts are in that
 * small part; 'rest' for every other. All but the index (`/`, a first screen: its texts are in the
 * catalog's first part, so it waits for no other).
 */
function screen(load: () => Promise<ComponentType>, texts: TextsPart = 'rest'): LazyRouteComponent {
  return lazyRoute(afterTexts(load, texts));
}

/** A screen about one user: a first segment that cannot be a username is a page not found. */
function userScreen(load: () => Promise<ComponentType>, texts: TextsPart = 'rest'): LazyRouteComponent {
  return screen(async () => {
    const Screen = await load();
    return function UserScreen() {
      const { username = '' } = useParams();
      return usernameProblem(username) ? <NotFoundPage /> : <Screen key={username.toLowerCase()} />;
    };
  }, texts);
}

const profileScreen = userScreen(async () => (await import('./routes/profile-route')).ProfileRoute, 'screens');

function followList(kind: 'followers' | 'following'): LazyRouteComponent {
  return userScreen(async () => {
    const { FollowListPage } = await import('../features/follow-lists/components/follow-list-page');
    return () => <FollowListPage kind={kind} />;
  });
}

function settingsMenu(section: 'account' | 'notifications' | 'privacySecurity' | 'verification'): LazyRouteComponent {
  return screen(async () => {
    const { SettingsPage } = await import('../features/settings/components/settings-page');
    return () => <SettingsPage section={section} />;
  });
}

function preferencesPage(page: 'push' | 'messages' | 'interactions' | 'privacy'): LazyRouteComponent {
  return screen(async () => {
    const { PreferencesPage } = await import('../features/preferences/components/preferences-page');
    return () => <PreferencesPage page={page} />;
  });
}

function legalPage(document: 'terms' | 'privacy' | 'cookies'): LazyRouteComponent {
  return screen(async () => {
    const { LegalPage } = await import('../features/about/components/legal-page');
    return () => <LegalPage document={document} />;
  });
}

/** Screens of docs/product.md §2 that need an account (the protected ones and the account's own pages). */
const privateRoutes: RouteObject[] = [
  { path: 'quicky/:slug', Component: screen(async () => (await import('./routes/post-routes')).QuickyRoute, 'screens') },
  { path: 'post/:slug', Component: screen(async () => (await import('./routes/post-routes')).PostRoute, 'screens') },
  {
    path: 'notifications',
    Component: screen(async () => (await import('../features/notifications/components/notifications-page')).NotificationsPage),
  },
  { path: 'messages', Component: screen(async () => (await import('../features/messages/components/messages-page')).MessagesPage) },
  {
    path: 'message-requests',
    Component: screen(async () => (await import('../features/messages/components/message-requests-page')).MessageRequestsPage),
  },
  {
    path: 'block-user/:username',
    Component: userScreen(async () => (await import('../features/safety/components/block-user-page')).BlockUserPage),
  },
  {
    path: 'edit-profile-picture',
    Component: screen(async () => (await import('../features/profile-picture/components/edit-profile-picture-page')).EditProfilePicturePage),
  },
  { path: 'stories/create', Component: screen(async () => (await import('../features/stories/components/create-story-page')).CreateStoryPage) },
  { path: 'saved', Component: screen(async () => (await import('../features/saved/components/saved-page')).SavedPage) },
  { path: 'upload', Component: screen(async () => (await import('../features/upload/components/upload-page')).UploadPage) },
  { path: 'settings/account', Component: settingsMenu('account') },
  {
    path: 'settings/account/personal-information',
    Component: screen(async () => (await import('../features/personal-info/components/personal-information-page')).PersonalInformationPage),
  },
  {
    path: 'settings/account/password-security',
    Component: screen(async () => (await import('../features/account-security/components/password-security-page')).PasswordSecurityPage),
  },
  {
    path: 'settings/account/login-activity',
    Component: screen(async () => (await import('../features/account-security/components/login-activity-page')).LoginActivityPage),
  },
  {
    path: 'settings/account/download-data',
    Component: screen(async () => (await import('../features/account-data/components/download-data-page')).DownloadDataPage),
  },
  {
    path: 'settings/account/delete-account',
    Component: screen(async () => (await import('../features/account-data/components/delete-account-page')).DeleteAccountPage),
  },
  { path: 'settings/notifications', Component: settingsMenu('notifications') },
  { path: 'settings/notifications/push-notifications', Component: preferencesPage('push') },
  { path: 'settings/notifications/direct-messages', Component: preferencesPage('messages') },
  { path: 'settings/notifications/interactions', Component: preferencesPage('interactions') },
  { path: 'settings/privacy-security', Component: settingsMenu('privacySecurity') },
  { path: 'settings/privacy-security/privacy-controls', Component: preferencesPage('privacy') },
  {
    path: 'settings/privacy-security/security-settings',
    Component: screen(async () => (await import('../features/account-security/components/security-settings-page')).SecuritySettingsPage),
  },
  {
    path: 'settings/privacy-security/blocked-users',
    Component: screen(async () => (await import('../features/safety/components/blocked-users-page')).BlockedUsersPage),
  },
  {
    path: 'settings/privacy-security/my-reports',
    Component: screen(async () => (await import('../features/safety/components/my-reports-page')).MyReportsPage),
  },
  {
    path: 'settings/privacy-security/moderation-decisions',
    Component: screen(async () => (await import('../features/safety/components/moderation-decisions-page')).ModerationDecisionsPage),
  },
  { path: 'moderation', Component: screen(async () => (await import('../features/moderation/components/moderation-queue-page')).ModerationQueuePage) },
  {
    path: 'moderation/identity/:id',
    Component: screen(async () => (await import('../features/moderation/components/identity-request-page')).IdentityRequestPage),
  },
  {
    path: 'moderation/:subjectType/:subjectId',
    Component: screen(async () => (await import('../features/moderation/components/moderation-subject-page')).ModerationSubjectPage),
  },
  { path: 'settings/verification', Component: settingsMenu('verification') },
  {
    path: 'settings/verification/identity',
    Component: screen(async () => (await import('../features/identity-verification/components/identity-verification-page')).IdentityVerificationPage),
  },
  {
    path: 'settings/verification/account',
    Component: screen(async () => (await import('../features/account-verification/components/account-verification-page')).AccountVerificationPage),
  },
  {
    path: 'settings/subscriptions',
    Component: screen(async () => (await import('../features/subscriptions/components/subscriptions-page')).SubscriptionsPage),
  },
  { path: 'creator', Component: screen(async () => (await import('../features/creator/components/creator-dashboard-page')).CreatorDashboardPage) },
];

const publicRoutes: RouteObject[] = [
  // The first screen: its texts are in the catalog's first part, it does not wait for the rest.
  { index: true, Component: lazyRoute(async () => (await import('./routes/home-route')).HomeRoute) },
  { path: 'login', Component: screen(async () => (await import('../features/auth/components/login-page')).LoginPage) },
  { path: 'register', Component: screen(async () => (await import('../features/auth/components/register-page')).RegisterPage) },
  { path: 'forgot-password', Component: screen(async () => (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage) },
  { path: 'reset-password', Component: screen(async () => (await import('../features/auth/components/reset-password-page')).ResetPasswordPage) },
  { path: 'account-deleted', Component: screen(async () => (await import('../features/account-data/components/account-deleted-page')).AccountDeletedPage) },
  { path: 'confirm-email', Component: screen(async () => (await import('../features/auth/components/confirm-email-page')).ConfirmEmailPage) },
  { path: 'quickys', Component: screen(async () => (await import('./routes/quickys-route')).QuickysRoute, 'screens') },
  { path: 'wag-stars', Component: screen(async () => (await import('../features/wag-stars/components/wag-stars-page')).WagStarsPage) },
  { path: 'search-results', Component: screen(async () => (await import('../features/search/components/search-results-page')).SearchResultsPage) },
  { path: 'tags/:tag', Component: screen(async () => (await import('../features/tags/components/tag-page')).TagPage) },
  { path: 'settings', Component: screen(async () => (await import('../features/settings/components/settings-page')).SettingsPage) },
  // Reports: a guest may report a person, post or story with a contact email (the form asks for it).
  {
    path: 'report-user/:username',
    Component: userScreen(async () => (await import('../features/safety/components/report-page')).ReportUserPage),
  },
  { path: 'report/:subjectType/:subjectId', Component: screen(async () => (await import('../features/safety/components/report-page')).ReportContentPage) },
  { path: 'settings/appearance', Component: screen(async () => (await import('../features/appearance/components/appearance-page')).AppearancePage) },
  { path: 'settings/appearance/theme', Component: screen(async () => (await import('../features/appearance/components/theme-page')).ThemePage) },
  { path: 'settings/language', Component: screen(async () => (await import('../features/language/components/language-page')).LanguagePage) },
  { path: 'settings/about', Component: screen(async () => (await import('../features/about/components/about-page')).AboutPage) },
  { path: 'settings/about/licenses', Component: screen(async () => (await import('../features/about/components/licenses-page')).LicensesPage) },
  { path: 'legal/terms', Component: legalPage('terms') },
  { path: 'legal/privacy', Component: legalPage('privacy') },
  { path: 'legal/cookies', Component: legalPage('cookies') },
  { path: 'profile/:username', Component: profileScreen },
  { path: ':username/followers', Component: followList('followers') },
  { path: ':username/following', Component: followList('following') },
];

/** Every screen, by its path, inside the shell (docs/product.md §2). */
export const routes: RouteObject[] = [
  ...publicRoutes,
  { element: <RequireSession />, children: privateRoutes },
  // The profile catch-all comes last (docs/product.md §2).
  { path: ':username', Component: profileScreen },
  { path: '*', Component: NotFoundPage },
];

/** What a link or `navigate` waits for before it goes to `to`: its screens' modules (HistoryRouter's `prepare`). */
export function prepareScreens(to: Partial<Path>, screens: RouteObject[] = routes): Promise<unknown> | null {
  return loadsFor(screens, to);
}

/**
 * The shell around the screen of the current page. A navigation leaves the page it comes from on the
 * screen, with the shell's progress bar, until the next screen's module has loaded (`prepareScreens`
 * for links and `navigate`, lib/lazy-route.tsx for back and forward);
 * on the first load the shell shows a spinner meanwhile, in the place of the screen, as index.html
 * paints it. The shell is the same element throughout: a search opened or a menu toggled while the
 * first screen loads stays as it is. A screen that fails to load or to render shows RouteError.
 */
export function AppScreens({ routes }: { routes: RouteObject[] }) {
  const { location, pending } = useShownLocation(routes);
  useScrollRestoration(location);
  return (
    <Shell pending={pending}>
      {location ? (
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={<Spinner />}>
            <ShownRoutes routes={routes} location={location} />
          </Suspense>
        </RouteErrorBoundary>
      ) : (
        <Spinner />
      )}
    </Shell>
  );
}

function ShownRoutes({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}
