/** The businesses domain (ADR 020): the businesses on the instance (`app.vendors`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refreshOpenIntervals } from './repository/open-intervals.ts';
import { createVendorsRepository, type VendorsRepository } from './repository/vendors.ts';

/** How often a replica renews shops' open intervals (a pass renews only those due: HORIZON_DAYS in opening-hours.ts). */
export const OPEN_INTERVALS_REFRESH_MS = 60 * 60_000;

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { decideVendor } from './decide-vendor.ts';
export { editBusiness, removeBusinessImage, setBusinessImage } from './edit-business.ts';
export { createProfileRepository } from './repository/profile.ts';
export { HORIZON_DAYS, intervalRows, readHours, type IntervalRow } from './opening-hours.ts';
export { refreshOpenIntervals, replaceOpenIntervals, replaceScheduleIntervals } from './repository/open-intervals.ts';
export { createBusinessesPolicies } from './policies.ts';
export { applyVendorDecision, createAdminVendorsRepository, grantAdmin, insertAdminAction, revokeAdmin } from './repository/admin-vendors.ts';
export { registerBusiness } from './register-business.ts';
export { presentVendor, type VendorRow, type VendorsRepository } from './repository/vendors.ts';
export { resubmitBusiness } from './resubmit-business.ts';
export { acceptStaffInvitation, changeStaffRole, inviteStaff, removeStaffMember, revokeStaffInvitation } from './staff.ts';
export { createStaffRepository } from './repository/staff.ts';

declare module 'fastify' {
  interface FastifyInstance {
    vendors: VendorsRepository;
    /** Renews the open intervals of shops whose fortnight is running out (issue 28 §2; tests and the timer). */
    refreshOpenIntervals(now?: number): Promise<number | null>;
  }
}

export default fp(
  async function businessesDomain(app: FastifyInstance) {
    app.decorate('vendors', createVendorsRepository(app.db));
    app.decorate('refreshOpenIntervals', (now?: number) => refreshOpenIntervals(app.db, now));
    const log = app.log.child({ module: 'open-intervals' });
    let running: Promise<void> = Promise.resolve();
    const pass = () => {
      running = refreshOpenIntervals(app.db).then(
        (renewed) => {
          if (renewed) log.info({ renewed }, 'renewed the open intervals of shops');
        },
        (error: unknown) => log.warn({ err: error }, 'could not renew open intervals'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // After start-up, not before it: the first pass is no part of being ready.
      pass();
      timer = setInterval(pass, OPEN_INTERVALS_REFRESH_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'domain-businesses', dependencies: ['database'] },
);
