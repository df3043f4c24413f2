// Account preferences with no schema library, so the web app can use them cheaply (zod-free.test.ts).

export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['es', 'en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const WHO_CAN_MESSAGE = ['everyone', 'following', 'nobody'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];

export interface Preferences {
  notifications: { newQuickys: boolean; newPosts: boolean; likes: boolean; comments: boolean; mentions: boolean; follows: boolean };
  messages: { messageRequests: boolean; groupInvites: boolean; readReceipts: boolean };
  interactions: { likesOnMyPosts: boolean; commentsOnMyPosts: boolean; mentionsOfMe: boolean; newFollowers: boolean };
  privacy: { whoCanMessage: WhoCanMessage; showInSearch: boolean; activityStatus: boolean };
  theme: Theme;
  language: Language;
}

/** Every toggle on (docs/product.md §3), anyone may write, dark, Spanish. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { newQuickys: true, newPosts: true, likes: true, comments: true, mentions: true, follows: true },
  messages: { messageRequests: true, groupInvites: true, readReceipts: true },
  interactions: { likesOnMyPosts: true, commentsOnMyPosts: true, mentionsOfMe: true, newFollowers: true },
  privacy: { whoCanMessage: 'everyone', showInSearch: true, activityStatus: true },
  theme: 'dark',
  language: 'es',
};
