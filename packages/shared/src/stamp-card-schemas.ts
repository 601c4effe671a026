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

/** A reward a card issued (issue 29 §2): a code like an offer's, redeemed once at the shop's till. */
export const STAMP_REWARD_STATUSES = ['ACTIVE', 'REDEEMED', 'EXPIRED', 'REVOKED'] as const;
export type StampRewardStatus = (typeof STAMP_REWARD_STATUSES)[number];

export const stampRewardSchema = z.object({
  rewardId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  code: z.string(),
  rewardText: z.string(),
  /** ACTIVE until redeemed; EXPIRED past `expiresAt`; REVOKED when a stamp it was made of was taken back before use. */
  status: z.enum(STAMP_REWARD_STATUSES),
  createdAt: z.string(),
  /** Null: valid until used. */
  expiresAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});
export type StampReward = z.infer<typeof stampRewardSchema>;

/** One shop's card as its shopper sees it (GET /me/stamp-cards, GET /vendors/:vendorId/stamp-card's `mine`). */
export const myStampCardSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  /** Stamps toward the next reward that count (the account is established, ADR 016). */
  stamps: z.number().int(),
  /** Stamps collected while the account is not yet established: they count once it is. */
  provisionalStamps: z.number().int(),
  stampsRequired: z.number().int(),
  rewardText: z.string(),
  expiresAfterDays: z.number().int().nullable(),
  /** False for a card the shop has ended (listed for its rewards). */
  running: z.boolean(),
  rewards: z.array(stampRewardSchema),
});
export type MyStampCard = z.infer<typeof myStampCardSchema>;
export const myStampCardsResponseSchema = z.object({
  data: z.array(myStampCardSchema),
  /** What the shopper's card QR carries: a cashier scans it for a till stamp. */
  pass: z.string(),
});

/** GET /vendors/:vendorId/stamp-card (anyone): the shop's running card, and the signed-in shopper's progress. */
export const publicStampCardSchema = z.object({
  stampsRequired: z.number().int(),
  rewardText: z.string(),
  expiresAfterDays: z.number().int().nullable(),
  mine: z.object({ stamps: z.number().int(), provisionalStamps: z.number().int() }).nullable(),
});
export const publicStampCardResponseSchema = z.object({ data: publicStampCardSchema.nullable() });

/** The prefix of a stamp pass as its QR carries it: the till tells a pass from an offer's code by it. */
export const STAMP_PASS_PREFIX = 'QRIB-STAMP-';
const STAMP_PASS_PATTERN = /^QRIB-STAMP-[A-Za-z0-9_-]{22}$/;

/** POST /vendors/me/stamps: the shopper's pass as the cashier scanned it. */
export const tillStampRequestSchema = z.object({
  pass: z
    .string({ error: MESSAGES.stampPassInvalid })
    .trim()
    .refine((value) => STAMP_PASS_PATTERN.test(value), { error: MESSAGES.stampPassInvalid }),
});
export type TillStampRequest = z.input<typeof tillStampRequestSchema>;

/** The till stamp's answer: the shopper's card after it, and the reward it issued, if the stamp completed the card. */
export const tillStampSchema = z.object({
  stampId: z.number().int(),
  stamps: z.number().int(),
  provisionalStamps: z.number().int(),
  stampsRequired: z.number().int(),
  rewardIssued: z.boolean(),
});
export const tillStampResponseSchema = z.object({ data: tillStampSchema });
