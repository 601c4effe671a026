/**
 * PATCH /me: the signed-in user changes their own account (the profile screen and the shop entry switch).
 * Every part is optional and only what is sent changes. Name and phone follow the sign-up rules and
 * messages; fields that cannot change here (email, username, password) are ignored like any unknown field.
 */
import { z } from 'zod';
import { signupRequestSchema } from './auth-schemas.ts';
import { LANGUAGES } from './languages.ts';
import { MESSAGES } from './messages.ts';

/** The profile form: the two account fields a user edits themselves, with the sign-up rules. */
export const profileFormSchema = z.object({
  name: signupRequestSchema.shape.name,
  phone: signupRequestSchema.shape.phone,
});
export type ProfileForm = z.input<typeof profileFormSchema>;

export const updateMeRequestSchema = z.object({
  name: profileFormSchema.shape.name.optional(),
  phone: profileFormSchema.shape.phone.optional(),
  preferences: z
    .object(
      {
        emailNotifications: z.boolean({ error: MESSAGES.emailNotificationsInvalid }).optional(),
        // null: no choice any more, the app follows the device's light or dark setting again (issue 27).
        darkMode: z.boolean({ error: MESSAGES.darkModeInvalid }).nullable().optional(),
        shopEntryDetection: z.boolean({ error: MESSAGES.shopEntryDetectionInvalid }).optional(),
        // The reader's chosen language, kept with the account (for mails; a new device starts in it).
        language: z.enum(LANGUAGES.map((language) => language.code), { error: MESSAGES.languageInvalid }).optional(),
      },
      { error: MESSAGES.preferencesInvalid },
    )
    .optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;
