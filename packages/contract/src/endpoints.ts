import type { z } from 'zod';
import { loginBody, loginResponse, loginTwoFactorBody, meResponse, registerBody, registerResponse, signedInResponse } from './auth.js';
import { okMessageResponse, okResponse, usernameParam } from './common.js';
import {
  conversationsQuery,
  conversationsResponse,
  messageRequestsResponse,
  messagesQuery,
  messagesResponse,
  sendMessageBody,
  sendMessageResponse,
  unreadCounts,
  type LiveEvent,
} from './messages.js';
import {
  appealBody,
  appealResponse,
  createReportBody,
  createReportResponse,
  moderationActionBody,
  moderationActionResponse,
  moderationQueueQuery,
  moderationQueueResponse,
  moderationSubjectParams,
  moderationSubjectResponse,
  myDecisionsResponse,
  myReportsResponse,
  pageQuery,
  suspensionAppealBody,
} from './moderation.js';
import {
  accountSessionsResponse,
  changePasswordBody,
  forgotPasswordBody,
  confirmEmailBody,
  confirmEmailResponse,
  deleteAccountBody,
  logoutOthersResponse,
  resetPasswordBody,
  sessionIdParam,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from './account-security.js';
import { preferencesPatch, preferencesResponse } from './preferences.js';
import { blockResponse, blockStatusResponse, blockedUsersQuery, blockedUsersResponse } from './blocks.js';
import {
  accountVerificationResponse,
  cancelSubscriptionResponse,
  creatorDashboardResponse,
  identityVerificationResponse,
  paymentBody,
  paymentInfoResponse,
  markPayoutPaidResponse,
  ccbillWebhookBody,
  ccbillWebhookParams,
  ccbillWebhookQuery,
  payoutBody,
  payoutIdParam,
  payoutResponse,
  payoutsQueueQuery,
  payoutsQueueResponse,
  storyPurchaseResponse,
  subscribeResponse,
  subscriptionsQuery,
  subscriptionsResponse,
  userVipResponse,
  verificationStatusResponse,
  vipSettingsBody,
  vipSettingsResponse,
} from './payments.js';
import {
  identityDecisionBody,
  identityDecisionResponse,
  identityDocumentParams,
  identityQueueQuery,
  identityQueueResponse,
  identityRequestParams,
  identityRequestResponse,
} from './identity.js';
import { markReadBody, markReadResponse, notificationsQuery, notificationsResponse, unreadCountResponse } from './notifications.js';
import {
  commentsQuery,
  commentsResponse,
  feedQuery,
  feedResponse,
  forYouResponse,
  likeResponse,
  newCommentBody,
  newCommentResponse,
  postIdParam,
  postResponse,
  postsByAuthorQuery,
  postsByAuthorResponse,
  postStats,
  postViewResponse,
  quickysQuery,
  quickysResponse,
  saveResponse,
  savedResponse,
  slugParam,
  uploadResponse,
  viewPostBody,
} from './posts.js';
import {
  followListQuery,
  followListResponse,
  followResponse,
  followStatusResponse,
  peopleSearchQuery,
  peopleSearchResponse,
  personalInfoBody,
  personalInfoResponse,
  personalInfoUpdateResponse,
  profileDetailsBody,
  profileDetailsResponse,
  profilePictureResponse,
  profileResponse,
  userPostsQuery,
  userPostsResponse,
  usernameCheckResponse,
  wagStarsResponse,
} from './profiles.js';
import type { PathParamNames, RouteName, Routes } from './routes.js';
import { searchQuery, searchResponse } from './search.js';
import { tagPageQuery, tagPageResponse, tagParam, tagSuggestionsQuery, tagSuggestionsResponse } from './tags.js';
import {
  activeStoriesResponse,
  createStoryResponse,
  hasActiveResponse,
  highlightsResponse,
  moveToGroupBody,
  newStoryGroupBody,
  newStoryGroupResponse,
  storyGroupsResponse,
  storyIdParam,
  storyLikeResponse,
  storyMeta,
  storyReplyBody,
  storyRowResponse,
  storyViewResponse,
  viewersQuery,
  viewersResponse,
} from './stories.js';

/**
 * The schemas of every call of routes.ts, by the same names: the server validates and describes its
 * routes with them, clients take their types (`import type` only: this module loads zod).
 */

/** A body sent as multipart/form-data: its fields are read by the route, not by a schema. */
export const MULTIPART = 'multipart';

/** A response that is a text/event-stream of events of type E rather than one JSON document. */
export interface EventStream<E> {
  readonly kind: 'event-stream';
  /** Carries E for the types only; never set. */
  readonly event?: E;
}

export function eventStream<E>(): EventStream<E> {
  return { kind: 'event-stream' };
}

/** A response that is a file to save (the data export's zip) rather than a JSON document. */
export interface FileDownload {
  readonly kind: 'file';
  readonly mediaType: string;
}

export function fileDownload(mediaType: string): FileDownload {
  return { kind: 'file', mediaType };
}

/** What a FormData is to this package (it has no DOM types): the web passes a real FormData. */
export interface MultipartBody {
  append(name: string, value: unknown, fileName?: string): void;
}

export interface Endpoint {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | typeof MULTIPART;
  response: z.ZodType | EventStream<unknown> | FileDownload;
  /** The success status; 200 when absent. */
  status?: 200 | 201;
  /**
   * A call that creates (201) answers this status, with the same response, when what it would
   * create is already there (reporting the same subject again returns the open report).
   */
  repeatStatus?: 200;
}

export const endpoints = {
  register: { body: registerBody, response: registerResponse, status: 201 },
  login: { body: loginBody, response: loginResponse },
  logout: { response: okResponse },
  loginTwoFactor: { body: loginTwoFactorBody, response: signedInResponse },
  forgotPassword: { body: forgotPasswordBody, response: okMessageResponse },
  resetPassword: { body: resetPasswordBody, response: okMessageResponse },
  confirmEmail: { body: confirmEmailBody, response: confirmEmailResponse },
  resendEmailConfirmation: { response: okMessageResponse },
  exportAccount: { response: fileDownload('application/zip') },
  deleteAccount: { body: deleteAccountBody, response: okMessageResponse },
  me: { response: meResponse },

  profile: { params: usernameParam, response: profileResponse },
  userPosts: { params: usernameParam, query: userPostsQuery, response: userPostsResponse },
  followStatus: { params: usernameParam, response: followStatusResponse },
  follow: { params: usernameParam, response: followResponse },
  unfollow: { params: usernameParam, response: followResponse },
  followUnprefixed: { params: usernameParam, response: followResponse },
  unfollowUnprefixed: { params: usernameParam, response: followResponse },
  followers: { params: usernameParam, query: followListQuery, response: followListResponse },
  following: { params: usernameParam, query: followListQuery, response: followListResponse },
  peopleSearch: { query: peopleSearchQuery, response: peopleSearchResponse },
  wagStars: { response: wagStarsResponse },

  updateProfileDetails: { body: profileDetailsBody, response: profileDetailsResponse },
  /** Field profilePicture: one image. */
  updateProfilePicture: { body: MULTIPART, response: profilePictureResponse },
  personalInfo: { response: personalInfoResponse },
  updatePersonalInfo: { body: personalInfoBody, response: personalInfoUpdateResponse },
  updatePersonalInfoUnprefixed: { body: personalInfoBody, response: personalInfoUpdateResponse },
  changePassword: { body: changePasswordBody, response: okMessageResponse },
  accountSessions: { response: accountSessionsResponse },
  endSession: { params: sessionIdParam, response: okResponse },
  logoutOtherSessions: { response: logoutOthersResponse },
  twoFactorStatus: { response: twoFactorStatusResponse },
  twoFactorSetup: { response: twoFactorSetupResponse },
  twoFactorEnable: { body: twoFactorEnableBody, response: twoFactorEnableResponse },
  twoFactorDisable: { body: twoFactorDisableBody, response: okResponse },
  preferences: { response: preferencesResponse },
  updatePreferences: { body: preferencesPatch, response: preferencesResponse },
  usernameCheck: { params: usernameParam, response: usernameCheckResponse },

  /** Files media (or media[]), fields description, visibility, tags, contentType, postType. */
  createPost: { body: MULTIPART, response: uploadResponse, status: 201 },
  postsByAuthor: { query: postsByAuthorQuery, response: postsByAuthorResponse },
  deletePost: { params: postIdParam, response: okMessageResponse },
  postBySlug: { params: slugParam, response: postResponse },
  postStats: { params: postIdParam, response: postStats },
  viewPost: { params: postIdParam, body: viewPostBody, response: postViewResponse },
  likePost: { params: postIdParam, response: likeResponse },
  unlikePost: { params: postIdParam, response: likeResponse },
  comments: { params: postIdParam, query: commentsQuery, response: commentsResponse },
  addComment: { params: postIdParam, body: newCommentBody, response: newCommentResponse, status: 201 },
  likeComment: { params: postIdParam, response: likeResponse },
  unlikeComment: { params: postIdParam, response: likeResponse },
  savePost: { params: postIdParam, response: saveResponse },
  unsavePost: { params: postIdParam, response: saveResponse },
  saved: { query: feedQuery, response: savedResponse },
  feed: { query: feedQuery, response: feedResponse },
  forYou: { query: feedQuery, response: forYouResponse },
  exploreQuickys: { query: quickysQuery, response: quickysResponse },
  userQuickys: { params: usernameParam, query: quickysQuery, response: quickysResponse },

  /** File media, field audience. */
  createStory: { body: MULTIPART, response: createStoryResponse, status: 201 },
  storyRow: { response: storyRowResponse },
  hasActiveStories: { params: usernameParam, response: hasActiveResponse },
  activeStories: { params: usernameParam, response: activeStoriesResponse },
  highlights: { params: usernameParam, response: highlightsResponse },
  storyGroups: { params: usernameParam, response: storyGroupsResponse },
  createStoryGroup: { body: newStoryGroupBody, response: newStoryGroupResponse, status: 201 },
  storyMeta: { params: storyIdParam, response: storyMeta },
  viewStory: { params: storyIdParam, response: storyViewResponse },
  likeStory: { params: storyIdParam, response: storyLikeResponse },
  unlikeStory: { params: storyIdParam, response: storyLikeResponse },
  storyViewers: { params: storyIdParam, query: viewersQuery, response: viewersResponse },
  replyToStory: { params: storyIdParam, body: storyReplyBody, response: okMessageResponse },
  deleteStory: { params: storyIdParam, response: okMessageResponse },
  moveStoryToHighlights: { params: storyIdParam, response: okMessageResponse },
  moveStoryToGroup: { params: storyIdParam, body: moveToGroupBody, response: okMessageResponse },

  search: { query: searchQuery, response: searchResponse },
  tagSuggestions: { query: tagSuggestionsQuery, response: tagSuggestionsResponse },
  tagPage: { params: tagParam, query: tagPageQuery, response: tagPageResponse },

  notifications: { query: notificationsQuery, response: notificationsResponse },
  unreadNotificationCount: { response: unreadCountResponse },
  markNotificationsRead: { body: markReadBody, response: markReadResponse },

  conversations: { query: conversationsQuery, response: conversationsResponse },
  messages: { params: usernameParam, query: messagesQuery, response: messagesResponse },
  sendMessage: { params: usernameParam, body: sendMessageBody, response: sendMessageResponse },
  sendMessageMedia: { params: usernameParam, body: MULTIPART, response: sendMessageResponse },
  markConversationRead: { params: usernameParam, response: okResponse },
  typing: { params: usernameParam, response: okResponse },
  deleteConversation: { params: usernameParam, response: okResponse },
  messageRequests: { query: messagesQuery, response: messageRequestsResponse },
  acceptMessageRequest: { params: usernameParam, response: okResponse },
  rejectMessageRequest: { params: usernameParam, response: okResponse },

  blockedUsers: { query: blockedUsersQuery, response: blockedUsersResponse },
  blockStatus: { params: usernameParam, response: blockStatusResponse },
  blockUser: { params: usernameParam, response: blockResponse },
  unblockUser: { params: usernameParam, response: blockResponse },

  createReport: { body: createReportBody, response: createReportResponse, status: 201, repeatStatus: 200 },
  myReports: { query: pageQuery, response: myReportsResponse },
  moderationQueue: { query: moderationQueueQuery, response: moderationQueueResponse },
  moderationSubject: { params: moderationSubjectParams, response: moderationSubjectResponse },
  moderationAction: { params: moderationSubjectParams, body: moderationActionBody, response: moderationActionResponse },
  myModerationDecisions: { query: pageQuery, response: myDecisionsResponse },
  identityQueue: { query: identityQueueQuery, response: identityQueueResponse },
  identityRequest: { params: identityRequestParams, response: identityRequestResponse },
  /** A JPEG, PNG, WebP… image as it was sent (Cache-Control: no-store). */
  identityDocument: { params: identityDocumentParams, response: fileDownload('image/*') },
  identityDecision: { params: identityRequestParams, body: identityDecisionBody, response: identityDecisionResponse },
  createAppeal: { body: appealBody, response: appealResponse, status: 201 },
  appealSuspension: { body: suspensionAppealBody, response: appealResponse, status: 201 },

  paymentInfo: { response: paymentInfoResponse },
  vipSettings: { body: vipSettingsBody, response: vipSettingsResponse },
  userVip: { params: usernameParam, response: userVipResponse },
  subscribe: { params: usernameParam, body: paymentBody, response: subscribeResponse },
  cancelSubscription: { params: usernameParam, response: cancelSubscriptionResponse },
  subscriptions: { query: subscriptionsQuery, response: subscriptionsResponse },
  purchaseStories: { params: usernameParam, body: paymentBody, response: storyPurchaseResponse },
  /** Fields dob (YYYY-MM-DD), idFront, idBack, selfie: three images. */
  identityVerification: { body: MULTIPART, response: identityVerificationResponse },
  accountVerification: { body: paymentBody, response: accountVerificationResponse },
  verificationStatus: { response: verificationStatusResponse },
  creatorDashboard: { response: creatorDashboardResponse },
  requestPayout: { body: payoutBody, response: payoutResponse, status: 201 },
  payoutsQueue: { query: payoutsQueueQuery, response: payoutsQueueResponse },
  markPayoutPaid: { params: payoutIdParam, response: markPayoutPaidResponse },
  ccbillWebhook: { params: ccbillWebhookParams, query: ccbillWebhookQuery, body: ccbillWebhookBody, response: okResponse },

  liveCounts: { response: unreadCounts },
  live: { response: eventStream<LiveEvent>() },
} as const satisfies Record<RouteName, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

// Compile-time checks: the catalogue and the route table name the same calls, and each call's params
// schema has exactly the placeholders of its path.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameNames: Same<EndpointName, RouteName> = true;
type ParamKeys<N extends EndpointName> = Endpoints[N] extends { params: infer S extends z.ZodType } ? keyof z.input<S> : never;
type ParamsMismatch = { [N in EndpointName]: Same<ParamKeys<N>, PathParamNames<Routes[N]['path']>> extends true ? never : N }[EndpointName];
const paramsMatchPaths: Same<ParamsMismatch, never> = true;
void sameNames;
void paramsMatchPaths;

/** Path parameters of a call (undefined when its path has none). */
export type Params<N extends EndpointName> = Endpoints[N] extends { params: infer S extends z.ZodType } ? z.input<S> : undefined;
/** Query string of a call as the client writes it (every field optional; undefined when it takes none). */
export type Query<N extends EndpointName> = Endpoints[N] extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** Request body as the client writes it; a FormData for multipart calls; undefined when it takes none. */
export type Body<N extends EndpointName> = Endpoints[N] extends { body: typeof MULTIPART }
  ? MultipartBody
  : Endpoints[N] extends { body: infer S extends z.ZodType }
    ? z.input<S>
    : undefined;
/** The success response of a call; for the live stream, one of its events. */
export type Response<N extends EndpointName> = Endpoints[N] extends { response: EventStream<infer E> }
  ? E
  : Endpoints[N] extends { response: FileDownload }
    ? never
    : Endpoints[N] extends { response: infer S extends z.ZodType }
    ? z.infer<S>
    : never;
/** The success status of a call. */
export type SuccessStatus<N extends EndpointName> =
  | (Endpoints[N] extends { status: infer S extends 200 | 201 } ? S : 200)
  | (Endpoints[N] extends { repeatStatus: infer R extends 200 } ? R : never);

/**
 * What a client passes to call N: `params` when the path has placeholders, `query` when it takes
 * one (optional), `body` when it takes one (optional only when the schema allows none).
 */
export type Input<N extends EndpointName> = (Params<N> extends undefined ? { params?: never } : { params: Params<N> }) &
  (Query<N> extends undefined ? { query?: never } : { query?: Query<N> }) &
  (Body<N> extends undefined ? { body?: never } : undefined extends Body<N> ? { body?: Body<N> } : { body: Body<N> });
