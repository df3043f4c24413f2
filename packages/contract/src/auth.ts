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

/** A signed-in answer: the session token. */
export const signedInResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  username: z.string(),
});
export type SignedInResponse = z.infer<typeof signedInResponse>;

/**
 * POST /api/login: signed in, or, for an account with two-factor on, the right password's challenge
 * and no token (`success: false`, so a client that knows nothing of two-factor shows the message
 * instead of believing it is signed in); the code goes to POST /api/login/2fa with the challenge.
 */
export const loginResponse = z.union([
  signedInResponse,
  z.object({ success: z.literal(false), twoFactorRequired: z.literal(true), challenge: z.string(), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/login/2fa: the challenge and a 6-digit code, or a recovery code. */
export const loginTwoFactorBody = z.object({
  challenge: z.string().max(200).optional(),
  code: z.string().max(20).nullish(),
  recoveryCode: z.string().max(40).nullish(),
});

export const meResponse = z.object({
  success: z.literal(true),
  user: z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    /** Whether the address was confirmed from the link sent to it (the web app shows a banner until then). */
    emailConfirmed: z.boolean(),
    profilePictureUrl: z.string().nullable(),
    isVerified: z.boolean(),
    /** user, moderator or admin: moderators and admins get the moderation desk. */
    role: z.enum(['user', 'moderator', 'admin']),
  }),
});
export type MeResponse = z.infer<typeof meResponse>;
