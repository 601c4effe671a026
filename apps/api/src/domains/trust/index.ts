/** The trust domain (ADR 020): reviews, reports, suspicious activity and the admin console's record (`app.reviews`, `app.reports`, `app.suspiciousActivity`, `app.adminConsole`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdminRepository, type AdminRepository } from './repository/admin.ts';
import { createReportsRepository, type ReportsRepository } from './repository/reports.ts';
import { createReviewsRepository, type ReviewsRepository } from './repository/reviews.ts';
import { createSuspiciousActivityRepository, type SuspiciousActivityRepository } from './repository/suspicious-activity.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { type BurstCheck, createBurstCheck } from './burst-check.ts';
export { createReport } from './create-report.ts';
export { decideReports } from './decide-reports.ts';
export { decideSuspiciousActivity } from './decide-suspicious-activity.ts';
export { replyToReview } from './reply-to-review.ts';
export { type AdminRepository, type SettledReceipt } from './repository/admin.ts';
export { establishedPurchasesSql, establishedSql } from './repository/established.ts';
export { purchasesSql, receiptNotDecidedAlone } from './repository/purchases.ts';
export { decodeReviewCursor, ratingSql } from './repository/reviews.ts';
export { notFlaggedSql } from './repository/suspicious-activity.ts';
export { writeReview } from './write-review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsRepository;
    /** Reports of offers, businesses and reviews, and the admin's decisions on them (issue 14). */
    reports: ReportsRepository;
    /** The console's action log, receipt disputes and figures (issue 14). */
    adminConsole: AdminRepository;
    /** Bursts of new or same-network accounts at one shop, and the admin's decisions on them (issue 24). */
    suspiciousActivity: SuspiciousActivityRepository;
  }
}

export default fp(
  async function trustDomain(app: FastifyInstance) {
    app.decorate('reviews', createReviewsRepository(app.db));
    app.decorate('reports', createReportsRepository(app.db));
    app.decorate('adminConsole', createAdminRepository(app.db));
    app.decorate('suspiciousActivity', createSuspiciousActivityRepository(app.db));
  },
  { name: 'domain-trust', dependencies: ['database'] },
);
