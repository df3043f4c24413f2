import { z } from 'zod';
import { LANGUAGES, THEMES, WHO_CAN_MESSAGE } from './preferences-rules.js';

export * from './preferences-rules.js';

const toggles = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>);

const notifications = toggles(['newQuickys', 'newPosts', 'likes', 'comments', 'mentions', 'follows'] as const);
const messages = toggles(['messageRequests', 'groupInvites', 'readReceipts'] as const);
const interactions = toggles(['likesOnMyPosts', 'commentsOnMyPosts', 'mentionsOfMe', 'newFollowers'] as const);
const privacy = z.object({ whoCanMessage: z.enum(WHO_CAN_MESSAGE), showInSearch: z.boolean(), activityStatus: z.boolean() });

/** GET and PATCH /api/account/preferences: the whole set, defaults filled in. */
export const preferencesResponse = z.object({
  notifications,
  messages,
  interactions,
  privacy,
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
});
export type PreferencesResponse = z.infer<typeof preferencesResponse>;

/** PATCH: any part, each group partial; nothing unknown is kept. */
export const preferencesPatch = z
  .object({
    notifications: notifications.partial(),
    messages: messages.partial(),
    interactions: interactions.partial(),
    privacy: privacy.partial(),
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES),
  })
  .partial()
  .strict();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;
