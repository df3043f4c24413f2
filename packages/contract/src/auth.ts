import { z } from 'zod';

export * from './account-rules.js';

// Request bodies: shape only. The rules above run in the service so each gets its Spanish message.
export const registerBody = z.object({
  username: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
  birth_date: z.string().max(40).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
});

export const loginBody = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  username: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const meResponse = z.object({
  success: z.literal(true),
  user: z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    profilePictureUrl: z.string().nullable(),
    isVerified: z.boolean(),
    /** user, moderator or admin: moderators and admins get the moderation desk. */
    role: z.enum(['user', 'moderator', 'admin']),
  }),
});
export type MeResponse = z.infer<typeof meResponse>;
