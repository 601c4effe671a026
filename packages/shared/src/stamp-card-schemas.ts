/**
 * Stamp cards (issue 29 §2, ADR 026): a shop runs at most one at a time, "a reward after N purchases Qrib has
 * verified". The owner's and managers' settings (`stampCard.manage`): PUT /vendors/me/stamp-card starts one or changes
 * the one running, DELETE ends it, GET reads it.
 */
import { z } from 'zod';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { singleLine } from './text-rules.ts';

export const STAMPS_REQUIRED_MIN = 3;
export const STAMPS_REQUIRED_MAX = 20;
export const STAMP_REWARD_MAX_LENGTH = 80;
/** How long a reward may stay valid once earned, when the shop limits it. */
export const STAMP_REWARD_DAYS_MIN = 1;
export const STAMP_REWARD_DAYS_MAX = 365;

const stampsRequiredMessage = codedMessage('stampsRequiredInvalid', { min: STAMPS_REQUIRED_MIN, max: STAMPS_REQUIRED_MAX });
const rewardDaysMessage = codedMessage('stampRewardDaysInvalid', { min: STAMP_REWARD_DAYS_MIN, max: STAMP_REWARD_DAYS_MAX });

/** PUT /vendors/me/stamp-card. */
export const stampCardRequestSchema = z.object({
  stampsRequired: z
    .number({ error: stampsRequiredMessage })
    .int({ error: stampsRequiredMessage })
    .min(STAMPS_REQUIRED_MIN, { error: stampsRequiredMessage })
    .max(STAMPS_REQUIRED_MAX, { error: stampsRequiredMessage }),
  rewardText: z
    .string({ error: MESSAGES.stampRewardRequired })
    .trim()
    .min(1, { error: MESSAGES.stampRewardRequired })
    // The till says it ('Reward: …') and shoppers read it: one line, no control, bidi or invisible characters (ADR 017).
    .apply(singleLine('rewardText'))
    .max(STAMP_REWARD_MAX_LENGTH, { error: codedMessage('stampRewardTooLong', { max: STAMP_REWARD_MAX_LENGTH }) }),
  /** Days a reward stays valid once earned; absent or null: until it is used. */
  expiresAfterDays: z
    .number({ error: rewardDaysMessage })
    .int({ error: rewardDaysMessage })
    .min(STAMP_REWARD_DAYS_MIN, { error: rewardDaysMessage })
    .max(STAMP_REWARD_DAYS_MAX, { error: rewardDaysMessage })
    .nullish(),
});
export type StampCardRequest = z.input<typeof stampCardRequestSchema>;

export const stampCardSchema = z.object({
  id: z.number().int(),
  stampsRequired: z.number().int(),
  rewardText: z.string(),
  expiresAfterDays: z.number().int().nullable(),
  /** When it started (ISO 8601). */
  startedAt: z.string(),
  /** When its terms last changed (ISO 8601). */
  updatedAt: z.string(),
});
export type StampCard = z.infer<typeof stampCardSchema>;

/** GET, PUT: the card the shop runs; GET answers null when it runs none. */
export const stampCardResponseSchema = z.object({ data: stampCardSchema.nullable() });
