// The API's addresses with no schema library: the web bundle imports this file at runtime, so it
// must never import zod (zod-free.test.ts). The schemas of each call are in endpoints.ts, by the same names.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** As Fastify registers it: `:name` for each path parameter. */
  readonly path: string;
}

/**
 * Every endpoint the server serves, by a stable name. A call answered at two paths (the unprefixed
 * ones docs/product.md §7 lists) has one entry per path; a GET and a DELETE of one path are two entries.
 */
export const routes = {
  // Accounts and the session
  register: { method: 'POST', path: '/api/register' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'POST', path: '/api/logout' },
  loginTwoFactor: { method: 'POST', path: '/api/login/2fa' },
  forgotPassword: { method: 'POST', path: '/api/password/forgot' },
  resetPassword: { method: 'POST', path: '/api/password/reset' },
  confirmEmail: { method: 'POST', path: '/api/account/email/confirm' },
  resendEmailConfirmation: { method: 'POST', path: '/api/account/email/resend' },
  /** A zip file to save (fetched with the token, not a JSON call). */
  exportAccount: { method: 'GET', path: '/api/account/export' },
  deleteAccount: { method: 'DELETE', path: '/api/account' },
  me: { method: 'GET', path: '/api/me' },

  // Profiles, people and follows
  profile: { method: 'GET', path: '/api/profile/:username' },
  userPosts: { method: 'GET', path: '/api/users/:username/posts' },
  followStatus: { method: 'GET', path: '/api/follow/status/:username' },
  follow: { method: 'POST', path: '/api/follow/:username' },
  unfollow: { method: 'DELETE', path: '/api/follow/:username' },
  followUnprefixed: { method: 'POST', path: '/follow/:username' },
  unfollowUnprefixed: { method: 'DELETE', path: '/follow/:username' },
  followers: { method: 'GET', path: '/api/users/:username/followers' },
  following: { method: 'GET', path: '/api/users/:username/following' },
  peopleSearch: { method: 'GET', path: '/api/users/search' },
  wagStars: { method: 'GET', path: '/api/wag-stars' },

  // The viewer's own account
  updateProfileDetails: { method: 'PUT', path: '/api/user/profile-details' },
  updateProfilePicture: { method: 'PUT', path: '/api/user/profile-picture' },
  personalInfo: { method: 'GET', path: '/api/user/personal-info' },
  updatePersonalInfo: { method: 'PUT', path: '/api/user/personal-info' },
  updatePersonalInfoUnprefixed: { method: 'PUT', path: '/user/personal-info' },
  usernameCheck: { method: 'GET', path: '/api/username/check/:username' },

  // The account's password and sessions
  changePassword: { method: 'PUT', path: '/api/account/password' },
  accountSessions: { method: 'GET', path: '/api/account/sessions' },
  endSession: { method: 'DELETE', path: '/api/account/sessions/:id' },
  logoutOtherSessions: { method: 'POST', path: '/api/account/sessions/logout-others' },
  twoFactorStatus: { method: 'GET', path: '/api/account/2fa' },
  twoFactorSetup: { method: 'POST', path: '/api/account/2fa/setup' },
  twoFactorEnable: { method: 'POST', path: '/api/account/2fa/enable' },
  twoFactorDisable: { method: 'POST', path: '/api/account/2fa/disable' },
  preferences: { method: 'GET', path: '/api/account/preferences' },
  updatePreferences: { method: 'PATCH', path: '/api/account/preferences' },

  // Posts, comments, feeds
  createPost: { method: 'POST', path: '/api/posts' },
  postsByAuthor: { method: 'GET', path: '/api/posts' },
  deletePost: { method: 'DELETE', path: '/api/posts/:id' },
  postBySlug: { method: 'GET', path: '/api/posts/slug/:slug' },
  postStats: { method: 'GET', path: '/api/posts/:id/stats' },
  viewPost: { method: 'POST', path: '/api/posts/:id/view' },
  likePost: { method: 'POST', path: '/api/posts/:id/like' },
  unlikePost: { method: 'DELETE', path: '/api/posts/:id/like' },
  comments: { method: 'GET', path: '/api/posts/:id/comments' },
  addComment: { method: 'POST', path: '/api/posts/:id/comments' },
  likeComment: { method: 'POST', path: '/api/comments/:id/like' },
  unlikeComment: { method: 'DELETE', path: '/api/comments/:id/like' },
  savePost: { method: 'POST', path: '/api/posts/:id/save' },
  unsavePost: { method: 'DELETE', path: '/api/posts/:id/save' },
  saved: { method: 'GET', path: '/api/saved' },
  feed: { method: 'GET', path: '/api/feed' },
  forYou: { method: 'GET', path: '/api/feed/for-you' },
  exploreQuickys: { method: 'GET', path: '/api/quickys' },
  userQuickys: { method: 'GET', path: '/api/users/:username/quickys' },

  // Stories
  createStory: { method: 'POST', path: '/api/stories' },
  storyRow: { method: 'GET', path: '/api/feed/stories' },
  hasActiveStories: { method: 'GET', path: '/api/stories/has-active/:username' },
  activeStories: { method: 'GET', path: '/api/stories/active/:username' },
  highlights: { method: 'GET', path: '/api/stories/wholesale/:username' },
  storyGroups: { method: 'GET', path: '/api/story-groups/:username' },
  createStoryGroup: { method: 'POST', path: '/api/story-groups' },
  storyMeta: { method: 'GET', path: '/api/stories/:id/meta' },
  viewStory: { method: 'POST', path: '/api/stories/:id/view' },
  likeStory: { method: 'POST', path: '/api/stories/:id/like' },
  unlikeStory: { method: 'DELETE', path: '/api/stories/:id/like' },
  storyViewers: { method: 'GET', path: '/api/stories/:id/viewers' },
  replyToStory: { method: 'POST', path: '/api/stories/:id/reply' },
  deleteStory: { method: 'DELETE', path: '/api/stories/:id' },
  moveStoryToHighlights: { method: 'POST', path: '/api/stories/:id/move-to-highlights' },
  moveStoryToGroup: { method: 'POST', path: '/api/stories/:id/move-to-group' },

  // Search
  search: { method: 'GET', path: '/api/search' },
  // Hashtags (issue 16)
  tagSuggestions: { method: 'GET', path: '/api/tags' },
  tagPage: { method: 'GET', path: '/api/tags/:tag' },

  // Notifications
  notifications: { method: 'GET', path: '/api/notifications' },
  unreadNotificationCount: { method: 'GET', path: '/api/notifications/unread-count' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read' },

  // Direct messages
  conversations: { method: 'GET', path: '/api/conversations' },
  messages: { method: 'GET', path: '/api/conversations/:username/messages' },
  sendMessage: { method: 'POST', path: '/api/conversations/:username/messages' },
  sendMessageMedia: { method: 'POST', path: '/api/conversations/:username/media' },
  markConversationRead: { method: 'POST', path: '/api/conversations/:username/read' },
  typing: { method: 'POST', path: '/api/conversations/:username/typing' },
  deleteConversation: { method: 'DELETE', path: '/api/conversations/:username' },
  messageRequests: { method: 'GET', path: '/api/message-requests' },
  acceptMessageRequest: { method: 'POST', path: '/api/message-requests/:username/accept' },
  rejectMessageRequest: { method: 'POST', path: '/api/message-requests/:username/reject' },

  // Blocks
  blockedUsers: { method: 'GET', path: '/api/blocks' },
  blockStatus: { method: 'GET', path: '/api/blocks/:username' },
  blockUser: { method: 'POST', path: '/api/blocks/:username' },
  unblockUser: { method: 'DELETE', path: '/api/blocks/:username' },

  // Reports, the moderation desk and appeals
  createReport: { method: 'POST', path: '/api/reports' },
  myReports: { method: 'GET', path: '/api/reports/mine' },
  moderationQueue: { method: 'GET', path: '/api/moderation/queue' },
  moderationSubject: { method: 'GET', path: '/api/moderation/subjects/:subjectType/:subjectId' },
  moderationAction: { method: 'POST', path: '/api/moderation/subjects/:subjectType/:subjectId/actions' },
  myModerationDecisions: { method: 'GET', path: '/api/moderation/decisions/mine' },
  // The desk's Identidad queue (issue 15)
  identityQueue: { method: 'GET', path: '/api/moderation/identity' },
  identityRequest: { method: 'GET', path: '/api/moderation/identity/:id' },
  /** An identity document's image, decrypted for moderators only (fetched with the token, never cached). */
  identityDocument: { method: 'GET', path: '/api/moderation/identity/:id/documents/:document' },
  identityDecision: { method: 'POST', path: '/api/moderation/identity/:id/decision' },
  createAppeal: { method: 'POST', path: '/api/appeals' },
  appealSuspension: { method: 'POST', path: '/api/appeals/suspension' },

  // VIP, payments and verification (issue 15)
  paymentInfo: { method: 'GET', path: '/api/payments/info' },
  vipSettings: { method: 'PUT', path: '/api/creator/vip' },
  userVip: { method: 'GET', path: '/api/users/:username/vip' },
  subscribe: { method: 'POST', path: '/api/users/:username/vip/subscribe' },
  cancelSubscription: { method: 'DELETE', path: '/api/users/:username/vip/subscribe' },
  subscriptions: { method: 'GET', path: '/api/subscriptions' },
  purchaseStories: { method: 'POST', path: '/api/users/:username/vip/stories/purchase' },
  identityVerification: { method: 'POST', path: '/api/verification/identity' },
  accountVerification: { method: 'POST', path: '/api/verification/account' },
  verificationStatus: { method: 'GET', path: '/api/verification/status' },
  creatorDashboard: { method: 'GET', path: '/api/creator/dashboard' },
  requestPayout: { method: 'POST', path: '/api/creator/payouts' },
  payoutsQueue: { method: 'GET', path: '/api/moderation/payouts' },
  markPayoutPaid: { method: 'POST', path: '/api/moderation/payouts/:id/paid' },
  /** CCBill's webhook posts; the address carries WAG's webhook secret. */
  ccbillWebhook: { method: 'POST', path: '/api/payments/ccbill/webhook/:secret' },

  // The live channel
  liveCounts: { method: 'GET', path: '/api/live/counts' },
  /** A text/event-stream, read with fetch (lib/live-channel.ts), not a JSON call. */
  live: { method: 'GET', path: '/api/live' },
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RoutePath<N extends RouteName> = Routes[N]['path'];

/** The names of a path's `:param` placeholders: `'/api/users/:username/posts'` → `'username'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a route's path parameters, or nothing for a path without any. */
export type PathParamArgs<N extends RouteName> = [PathParamNames<RoutePath<N>>] extends [never]
  ? []
  : [params: Record<PathParamNames<RoutePath<N>>, string>];

/**
 * A route's path with its parameters filled in, each percent-encoded (a value holding `/` or `?`
 * stays one segment): `pathFor('profile', { username: 'ana' })` → `/api/profile/ana`.
 */
export function pathFor<N extends RouteName>(name: N, ...[params]: PathParamArgs<N>): string {
  const values: Record<string, string> = params ?? {};
  return routes[name].path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`pathFor(${name}): missing :${key}`);
    return encodeURIComponent(value);
  });
}
