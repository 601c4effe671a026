/**
 * PATCH /me: the signed-in user changes their own account. Every part is optional and only what is sent
 * changes; today the shop entry preference, later (issue 5) name, phone and the other preferences.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

export const updateMeRequestSchema = z.object({
  preferences: z
    .object({
      shopEntryDetection: z.boolean({ error: MESSAGES.shopEntryDetectionInvalid }).optional(),
    }, { error: MESSAGES.preferencesInvalid })
    .optional(),
});
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;
