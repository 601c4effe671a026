/**
 * The sign-up and login rules of spec §5, one schema each, used by the web forms (react-hook-form
 * resolver) and by the API routes (Fastify zod type provider). Fields are declared in the spec's
 * checking order, so the first issue zod reports is the first rule that failed.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { PERMISSIONS, STAFF_ROLES } from './staff-permissions.ts';
import { singleLine } from './text-rules.ts';

// Spaces, not `\s`: a tab or a line break is no part of a name or a phone number.
const NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'-]+$/u;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = new RegExp(`^\\+?[0-9\\p{Zs}-]{${PHONE_MIN_LENGTH},}$`, 'u');
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
const HAS_DIGIT = /\d/;

function passwordRule(message: string) {
  return z
    .string({ error: message })
    .min(PASSWORD_MIN_LENGTH, { error: message })
    .regex(HAS_DIGIT, { error: message })
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });
}

const usernameField = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: MESSAGES.usernameRequired });

export const loginRequestSchema = z.object({
  username: usernameField.max(100, { error: MESSAGES.invalidCredentials }),
  password: passwordRule(MESSAGES.loginPasswordRule),
});

export const signupRequestSchema = z.object({
  name: z
    .string({ error: MESSAGES.invalidName })
    .trim()
    .min(1, { error: MESSAGES.invalidName })
    .max(100, { error: MESSAGES.invalidName })
    .apply(singleLine('name'))
    .regex(NAME_PATTERN, { error: MESSAGES.invalidName }),
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(254, { error: MESSAGES.invalidEmail })
    .apply(singleLine('email'))
    .regex(EMAIL_PATTERN, { error: MESSAGES.invalidEmail }),
  phone: z
    .string({ error: MESSAGES.invalidPhone })
    .trim()
    .max(30, { error: MESSAGES.invalidPhone })
    .apply(singleLine('phone'))
    .regex(PHONE_PATTERN, { error: MESSAGES.invalidPhone }),
  username: usernameField.regex(USERNAME_PATTERN, { error: MESSAGES.usernameFormat }),
  password: passwordRule(MESSAGES.signupPasswordRule),
});

/** The sign-up form adds the confirmation, which is checked last and never sent. */
export const signupFormSchema = signupRequestSchema
  .extend({ confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }) })
  .refine((form) => form.password === form.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Check the match even while other fields still fail, so every message shows at once.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type SignupForm = z.input<typeof signupFormSchema>;
export type LoginForm = z.input<typeof loginRequestSchema>;

export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  /** Dark Mode as chosen; null until the person chooses, while the app follows the device's light or dark setting. */
  darkMode: z.boolean().nullable(),
  language: z.string(),
  shopEntryDetection: z.boolean(),
});

/**
 * The business a person belongs to (issue 28 §4): its owner, or staff invited by the owner, with their role and what it
 * allows (packages/shared/src/staff.ts ROLE_PERMISSIONS), so the app draws a cashier's till, a manager's or an owner's app.
 */
export const vendorSummarySchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  preferences: preferencesSchema,
  vendor: vendorSummarySchema.nullable(),
  /** When the account last signed in (ISO 8601), null if it never has. */
  lastLoginAt: z.string().nullable(),
  /** The platform's ADMIN role (issue 14): the console and its API. */
  isAdmin: z.boolean(),
  /** Issue 15: whether the account's address is verified (unverified accounts work and see a banner with 'Resend'). */
  emailVerified: z.boolean(),
  /** A new address waiting for its verification link (it replaces `email` once verified), else null. */
  pendingEmail: z.string().nullable(),
  /**
   * Issue 24 (ADR 016): whether the account is established (verified address, and ESTABLISHED_ACCOUNT_DAYS old or
   * counted purchases at ESTABLISHED_OTHER_SHOPS shops): only then are its reviews live.
   */
  established: z.boolean(),
  /** When it is or will be established by age (created + ESTABLISHED_ACCOUNT_DAYS), once its address is verified; else null. */
  establishedAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const signupResponseSchema = z.object({ token: z.string(), user: userSchema });
export const loginResponseSchema = z.object({ token: z.string(), username: z.string() });
export const meResponseSchema = z.object({ user: userSchema });
/** GET /auth/session: the signed-in user, or null when nobody is (an answer, not an error). */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });

