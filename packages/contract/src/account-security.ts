import { z } from 'zod';

// The account's own security: its password and its sessions (issue 14).

/** PUT /api/account/password. The rules run in the service, each with its Spanish message. */
export const changePasswordBody = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().max(200).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** One signed-in device of the account, newest activity first. */
export const accountSession = z.object({
  id: z.string(),
  /** 'Chrome en Windows', 'Safari en iPhone'; 'Dispositivo desconocido' when the browser said nothing usable. */
  device: z.string(),
  /** 'Madrid, España'; 'Red local' for a private address; null when the address is not in the database. */
  location: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionsResponse = z.object({ items: z.array(accountSession) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;

export const sessionIdParam = z.object({ id: z.string().min(1).max(100) });

export const logoutOthersResponse = z.object({ success: z.literal(true), ended: z.number().int().nonnegative() });
export type LogoutOthersResponse = z.infer<typeof logoutOthersResponse>;

/** POST /api/password/forgot: always the same answer, whether the address has an account or not. */
export const forgotPasswordBody = z.object({ email: z.string().max(320).optional() });
/** POST /api/password/reset: the link's token and the new password; every session ends. */
export const resetPasswordBody = z.object({ token: z.string().max(500).optional(), password: z.string().max(200).optional() });
