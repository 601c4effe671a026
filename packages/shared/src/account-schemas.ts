/**
 * Accounts (issue 15): password reset, changing the password and the address, verification, unsubscribing, the data
 * export and deleting the account. New passwords follow the sign-up rules and messages.
 */
import { z } from 'zod';
import { signupRequestSchema } from './auth-schemas.ts';
import { EXPORT_STATUSES } from './account-constants.ts';
import { MESSAGES } from './messages.ts';

/** A new password: the sign-up rule, the sign-up message. */
export const newPasswordField = signupRequestSchema.shape.password;
const emailField = signupRequestSchema.shape.email;
/** A link's token as the mail carried it: opaque, bounded; anything else is the link's own 'invalid' message. */
function tokenField(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(512, { error: message });
}
/** The password a person types to confirm who they are: any non-empty text (the check is against the stored hash). */
const currentPasswordField = z
  .string({ error: MESSAGES.passwordIncorrect })
  .min(1, { error: MESSAGES.passwordIncorrect })
  .max(1024, { error: MESSAGES.passwordIncorrect });

/** POST /auth/password-reset: 202, empty, for any well-formed address. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** POST /auth/password-reset/confirm: 200 {token, username} and the session cookie, like login. */
export const passwordResetConfirmSchema = z.object({ token: tokenField(MESSAGES.resetLinkInvalid), password: newPasswordField });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/** The reset screen's form: the new password twice (the confirmation is checked in the client, never sent). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }) })
  .refine((form) => form.password === form.confirmPassword, { error: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /me/password: other sessions revoked, a notice mailed. 400 fieldErrors.currentPassword when it is wrong. */
export const changePasswordRequestSchema = z.object({ currentPassword: currentPasswordField, password: newPasswordField });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /me/email: the new address is verified before it replaces the old one (202 {data: {pendingEmail}}). */
export const changeEmailRequestSchema = z.object({ email: emailField, password: currentPasswordField });
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;
export const changeEmailResponseSchema = z.object({ data: z.object({ pendingEmail: z.string() }) });

/** POST /auth/verify-email {token}: 200 {data: {email}}, the address now verified (and the account's). */
export const verifyEmailRequestSchema = z.object({ token: tokenField(MESSAGES.verifyLinkInvalid) });
export const verifyEmailResponseSchema = z.object({ data: z.object({ email: z.string() }) });

/** POST /auth/unsubscribe {token} (or ?token= with the RFC 8058 one-click form body): 200 {data: {emailNotifications: false}}. */
export const unsubscribeRequestSchema = z.object({ token: tokenField(MESSAGES.unsubscribeLinkInvalid) });
export const unsubscribeResponseSchema = z.object({ data: z.object({ emailNotifications: z.literal(false) }) });

/** A data export: POST /me/export (202), GET /me/export (the current one or null). */
export const dataExportSchema = z.object({
  exportId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.string(),
  /** When the download stops working (410 after it). */
  expiresAt: z.string(),
  readyAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportResponseSchema = z.object({ data: dataExportSchema });
export const currentDataExportResponseSchema = z.object({ data: dataExportSchema.nullable() });
export const exportIdParamsSchema = z.object({
  exportId: z.string().regex(/^[0-9a-f-]{36}$/i, { error: MESSAGES.exportNotFound }),
});

/** DELETE /me {password}: 204 and the cookie cleared; 400 fieldErrors.password; 409 businessOpen. */
export const deleteAccountRequestSchema = z.object({ password: currentPasswordField });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** POST /vendors/me/close {password}: the owner's password, checked like DELETE /me's (400 fieldErrors.password). */
export const closeBusinessRequestSchema = z.object({ password: currentPasswordField });
export type CloseBusinessRequest = z.input<typeof closeBusinessRequestSchema>;
