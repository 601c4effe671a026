import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { checkDocumentFiles, vendorRegistrationSchema } from './vendor-schemas.ts';

const valid = {
  businessName: 'Ta’ Marija',
  businessType: 'Restaurant',
  businessAddress: 'Triq il-Kbira, Mosta',
  locationLatitude: '35.9097',
  locationLongitude: '14.4256',
  primaryContactName: 'Marija',
  contactEmail: 'marija@example.com',
  contactPhone: '+356 2141 0000',
};

describe('vendor registration rules (spec §5)', () => {
  it('accepts the business type as shown and reads coordinates from text', () => {
    const parsed = vendorRegistrationSchema.parse(valid);
    expect(parsed).toMatchObject({ businessType: 'RESTAURANT', locationLatitude: 35.9097, offeringsDescription: null });
  });

  it('names the label in the required message, in the spec order', () => {
    const result = vendorRegistrationSchema.safeParse({ ...valid, businessName: '', contactPhone: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Business Name is required', 'Contact Phone is required']);
  });

  it('asks for "Use My Location" when the coordinates are missing', () => {
    const result = vendorRegistrationSchema.safeParse({ ...valid, locationLatitude: '', locationLongitude: undefined });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.coordinatesMissing);
  });
});

describe('checkDocumentFiles', () => {
  it('applies the document rules in order', () => {
    expect(checkDocumentFiles([])).toBe('Documents is required');
    expect(checkDocumentFiles([{ name: 'a.png', size: 5 * 1024 * 1024 + 1 }])).toBe(MESSAGES.filesTooLarge);
    expect(checkDocumentFiles([{ name: 'a.gif', size: 10 }])).toBe(MESSAGES.filesWrongType);
    expect(checkDocumentFiles([{ name: 'a.JPEG', size: 5 * 1024 * 1024 }, { name: 'b.png', size: 1 }])).toBeUndefined();
  });
});
