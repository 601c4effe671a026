/**
 * The businesses an admin checks (issue 14): GET /admin/vendors?status= and POST /admin/vendors/:vendorId/decision
 * answer these, and the owner's BUSINESS_STATUS notification carries the decision.
 */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { BUSINESS_TYPES } from './vendor-schemas.ts';
import { ADMIN_DECISION_STATUSES, VENDOR_STATUSES, type ADMIN_VENDOR_FILTERS, type AdminAction } from './trust-constants.ts';

export type { AdminAction };
export type AdminVendorFilter = (typeof ADMIN_VENDOR_FILTERS)[number];

/** GET /admin/vendors answers this many businesses a page (those waiting longest first, then a cursor). */
export const ADMIN_VENDORS_PAGE_SIZE = 50;

const coercedId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_INT, { error: message });

export const adminVendorParamsSchema = z.object({ vendorId: coercedId(MESSAGES.vendorNotFoundAdmin) });
export const adminVendorDocumentParamsSchema = z.object({
  vendorId: coercedId(MESSAGES.vendorNotFoundAdmin),
  documentId: coercedId(MESSAGES.documentNotFound),
});

export const adminVendorSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  businessAddress: z.string(),
  status: z.enum(VENDOR_STATUSES),
  /** The reason of the latest REJECTED or SUSPENDED, else null. */
  statusReason: z.string().nullable(),
  /** When the business entered its state (its registration for a PENDING one). */
  statusChangedAt: z.string(),
  /** formerShopper: the owner deleted their account (issue 15); the closed business stays under a pseudonym. */
  owner: z.object({ userId: z.number().int(), username: z.string(), formerShopper: z.boolean() }),
  documents: z.array(z.object({ documentId: z.number().int(), contentType: z.string(), url: z.string() })),
  /**
   * Issue 24: of the receipts the automatic check VERIFIED in the last DISPUTE_RATE_DAYS (autoVerified), how many the
   * shop then rejected (disputes, open or settled), so a shop cannot bury reviews quietly.
   */
  disputeRate: z.object({ disputes: z.number().int(), autoVerified: z.number().int() }),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;
export const adminVendorsResponseSchema = z.object({ data: z.array(adminVendorSchema), nextCursor: z.string().nullable() });
export const adminVendorResponseSchema = z.object({ data: adminVendorSchema });

/** The owner's bell: an admin's decision on their business, with the reason they read. */
export const businessStatusPayloadSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  status: z.enum(ADMIN_DECISION_STATUSES),
  reason: z.string().nullable(),
});
export type BusinessStatusPayload = z.infer<typeof businessStatusPayloadSchema>;
