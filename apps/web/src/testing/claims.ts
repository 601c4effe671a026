/** A shopper's code for web tests (issue 13). */
import type { Claim } from '@qrib/shared/claim-schemas';

export function testClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    claimId: 41,
    offerId: 7,
    vendorId: 3,
    code: 'AB3DEF7H',
    status: 'ACTIVE',
    createdAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2099-06-30T22:00:00.000Z',
    redeemedAt: null,
    offer: {
      title: 'Two pastizzi for one',
      imageUrl: '/uploads/1-card.webp',
      businessName: 'Crystal Palace Bar',
      businessAddress: 'Triq San Pawl, Rabat',
      endDate: '2099-06-30',
      remaining: 4,
    },
    ...overrides,
  };
}
