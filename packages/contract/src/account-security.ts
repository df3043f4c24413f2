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

/** POST /api/account/email/confirm: the token of the link sent to the address. */
export const confirmEmailBody = z.object({ token: z.string().max(500).optional() });
export const confirmEmailResponse = z.object({ success: z.literal(true), message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

/** DELETE /api/account: the current password confirms it (checked and throttled like a login). */
export const deleteAccountBody = z.object({ password: z.string().max(200).optional() });

/** GET /api/account/2fa. */
export const twoFactorStatusResponse = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().nonnegative() });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>;
/** POST /api/account/2fa/setup: the secret to type in, the otpauth:// address, and its QR code as a data URL. */
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;
export const twoFactorEnableBody = z.object({ code: z.string().max(20).optional() });
/** The ten single-use recovery codes, shown once. */
export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;
export const twoFactorDisableBody = z.object({
  password: z.string().max(200).optional(),
  code: z.string().max(20).nullish(),
  recoveryCode: z.string().max(40).nullish(),
});
