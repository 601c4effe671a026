/**
 * Vendor registration (spec §2.4, §5): the text fields' rules, shared by the form and `POST /vendors/`.
 * Documents are checked separately (`checkDocumentFiles` on the client by name and size, the API by content).
 */
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from './auth-schemas.ts';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, OFFERINGS_MAX_LENGTH } from './constants.ts';
import { BUSINESS_TYPES } from './enums.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { OPENING_HOURS_MAX_LENGTH } from './opening-hours.ts';
import { multiLine, singleLine } from './text-rules.ts';

export { BUSINESS_TYPES, type BusinessType } from './enums.ts';

export function requiredMessage(field: keyof typeof FIELD_LABELS): string {
  return codedMessage('requiredField', { field, label: FIELD_LABELS[field] });
}

export function requiredText(field: keyof typeof FIELD_LABELS, max: number) {
  const required = requiredMessage(field);
  return z
    .string({ error: required })
    .trim()
    // A missing value reports only that it is required, not also every format rule.
    .min(1, { error: required, abort: true })
    .apply(singleLine(field))
    .max(max, { error: codedMessage('textTooLong', { field, label: FIELD_LABELS[field], max }) });
}

/** Multipart sends everything as text: '' and missing mean "not given". */
function optionalNumber(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return Number(value.trim());
  return value;
}

const coordinate = (limit: number) =>
  z.preprocess(
    optionalNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.coordinatesMissing : MESSAGES.coordinatesInvalid) })
      .min(-limit, { error: MESSAGES.coordinatesInvalid })
      .max(limit, { error: MESSAGES.coordinatesInvalid }),
  );

/** What the business offers, in its own words (several lines; '' is none). */
function offeringsText() {
  return z
    .string({ error: MESSAGES.offeringsTooLong })
    .trim()
    .apply(multiLine('offeringsDescription'))
    .max(OFFERINGS_MAX_LENGTH, { error: MESSAGES.offeringsTooLong });
}

export const vendorRegistrationSchema = z.object({
  businessName: requiredText('businessName', 120),
  businessType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(BUSINESS_TYPES, { error: requiredMessage('businessType') }),
  ),
  businessAddress: requiredText('businessAddress', 300),
  locationLatitude: coordinate(90),
  locationLongitude: coordinate(180),
  primaryContactName: requiredText('primaryContactName', 120),
  contactEmail: requiredText('contactEmail', 254).regex(EMAIL_PATTERN, { error: MESSAGES.vendorEmailInvalid }),
  contactPhone: requiredText('contactPhone', 30).regex(PHONE_PATTERN, { error: MESSAGES.invalidPhone }),
  offeringsDescription: offeringsText().optional().transform((value) => value || null),
});

export type VendorRegistration = z.output<typeof vendorRegistrationSchema>;

/** A shop's website: a full http(s) address, at most 200 characters; '' or null clears it. */
export const WEBSITE_MAX_LENGTH = 200;
const websiteField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: MESSAGES.websiteInvalid })
    .trim()
    .apply(singleLine('website'))
    .max(WEBSITE_MAX_LENGTH, { error: MESSAGES.websiteInvalid })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      },
      { error: MESSAGES.websiteInvalid },
    )
    .nullable(),
);

/**
 * Hours or a schedule in OSM opening_hours syntax: one line of at most OPENING_HOURS_MAX_LENGTH characters; '' or null
 * clears it. Whether it parses is the API's check (the opening_hours library), answered as 400 with the problem named.
 */
export const openingHoursText = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: message })
      .trim()
      .refine((value) => !/[\r\n]/.test(value), { error: message })
      .max(OPENING_HOURS_MAX_LENGTH, { error: message })
      .nullable(),
  );
const openingHoursField = openingHoursText(MESSAGES.openingHoursTooLong);

/**
 * Issue 28: PATCH /vendors/me, JSON: any of the registration's business fields with its rules and messages, and the
 * website; the position only as a pair (400 coordinatesPairRequired on the missing one). A field left out is kept;
 * `offeringsDescription` and `website` are cleared by '' or null. The contact person stays as registered.
 */
export const vendorUpdateSchema = z
  .object({
    businessName: vendorRegistrationSchema.shape.businessName.optional(),
    businessType: vendorRegistrationSchema.shape.businessType.optional(),
    businessAddress: vendorRegistrationSchema.shape.businessAddress.optional(),
    locationLatitude: vendorRegistrationSchema.shape.locationLatitude.optional(),
    locationLongitude: vendorRegistrationSchema.shape.locationLongitude.optional(),
    contactEmail: vendorRegistrationSchema.shape.contactEmail.optional(),
    contactPhone: vendorRegistrationSchema.shape.contactPhone.optional(),
    // Left out: kept; '' or null: cleared.
    offeringsDescription: z
      .preprocess((value) => (value === null ? '' : value), offeringsText().transform((value) => value || null))
      .optional(),
    website: websiteField.optional(),
    /** Issue 28 §2: OSM opening_hours text ('' or null: not given); the API checks that it parses (400 openingHoursInvalid). */
    openingHours: openingHoursField.optional(),
  })
  .superRefine((update, context) => {
    const hasLatitude = update.locationLatitude !== undefined;
    if (hasLatitude === (update.locationLongitude !== undefined)) return;
    context.addIssue({ code: 'custom', message: MESSAGES.coordinatesPairRequired, path: [hasLatitude ? 'locationLongitude' : 'locationLatitude'] });
  });
export type VendorUpdate = z.output<typeof vendorUpdateSchema>;

export interface FileFacts {
  name: string;
  size: number;
}

const DOCUMENT_EXTENSIONS = /\.(jpe?g|png)$/i;

/**
 * The client's document rules, in the spec's order: at least one, each ≤5 MB, JPG/JPEG/PNG. Returns the first
 * failing rule's message. The API applies the same rules, deciding the type from the file's content.
 */
export function checkDocumentFiles(files: readonly FileFacts[]): string | undefined {
  if (files.length === 0) return requiredMessage('documents');
  if (files.length > MAX_DOCUMENTS) return codedMessage('documentsTooMany', { max: MAX_DOCUMENTS });
  if (files.some((file) => file.size > MAX_DOCUMENT_BYTES)) return MESSAGES.filesTooLarge;
  if (files.some((file) => !DOCUMENT_EXTENSIONS.test(file.name))) return MESSAGES.filesWrongType;
  return undefined;
}

export const vendorSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  businessAddress: z.string(),
  locationLatitude: z.number(),
  locationLongitude: z.number(),
  primaryContactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  offeringsDescription: z.string().nullable(),
  /** Issue 28: the shop's own page: its website, logo and cover photo (null when none). */
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** Issue 28 §2: the hours as written (OSM opening_hours syntax), null when not given. */
  openingHours: z.string().nullable(),
  status: z.string(),
  /** The admin's reason for REJECTED or SUSPENDED (issue 14), else null. */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  documents: z.array(
    z.object({
      documentId: z.number().int(),
      contentType: z.string(),
      byteSize: z.number().int(),
      url: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export const vendorResponseSchema = z.object({ data: vendorSchema });

export const reverseGeocodeQuerySchema = z.object({
  latitude: z.coerce.number({ error: MESSAGES.coordinatesInvalid }).min(-90, { error: MESSAGES.coordinatesInvalid }).max(90, { error: MESSAGES.coordinatesInvalid }),
  longitude: z.coerce.number({ error: MESSAGES.coordinatesInvalid }).min(-180, { error: MESSAGES.coordinatesInvalid }).max(180, { error: MESSAGES.coordinatesInvalid }),
});
export const reverseGeocodeResponseSchema = z.object({
  displayName: z.string(),
  source: z.enum(['geocoder', 'offline', 'coordinates']),
});

/** Issue 28: one change a shop made to its page, for the admin console (who, when, the value before and after). */
export const vendorChangeSchema = z.object({
  changeId: z.number().int(),
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.object({ userId: z.number().int(), username: z.string() }).nullable(),
});
export type VendorChange = z.infer<typeof vendorChangeSchema>;
export const vendorChangesResponseSchema = z.object({ data: z.array(vendorChangeSchema) });
