/** Signed-in people for web tests: a shopper, and a shop owner made from the same account. */
import type { User } from '@qrib/shared/auth-schemas';

import { PERMISSIONS } from '@qrib/shared/staff-permissions';
export const testShopper: User = {
  id: 1,
  name: 'Carmen Spiteri',
  email: 'carmen@example.com',
  username: 'carmen',
  phone: '+356 9912 3456',
  preferences: { emailNotifications: true, darkMode: false, language: 'en', shopEntryDetection: false },
  vendor: null,
  lastLoginAt: null,
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
  established: true,
  establishedAt: '2026-01-08T10:00:00.000Z',
};

export const testOwner: User = { ...testShopper, id: 2, name: 'Joseph Borg', username: 'joseph', vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', role: 'OWNER', permissions: [...PERMISSIONS] } };
