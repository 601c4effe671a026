/** Puts the open database and the repositories on the instance, and closes the database with the app. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import { createCategoriesRepository, type CategoriesRepository } from '../domains/offers/repository/categories.ts';
import { createClaimsRepository, type ClaimsRepository } from '../domains/claims/repository.ts';
import { createRateLimitCountersRepository, type RateLimitCountersRepository } from '../kernel/repository/rate-limit-counters.ts';
import { createFavoritesRepository, type FavoritesRepository } from '../domains/offers/repository/favorites.ts';
import { createInsightsRepository, type InsightsRepository } from '../domains/insights/repository/insights.ts';
import { createOfferEventsRepository, type OfferEventsRepository } from '../domains/offers/repository/offer-events.ts';
import { createNearbyRepository, type NearbyRepository } from '../domains/nearby/repository/nearby.ts';
import { createNotificationsRepository, type NotificationsRepository } from '../domains/notifications/repository.ts';
import { createOffersRepository, type OffersRepository } from '../domains/offers/repository/offers.ts';
import { createReceiptsRepository, type ReceiptsRepository } from '../domains/receipts/repository/receipts.ts';
import { createReviewsRepository, type ReviewsRepository } from '../domains/trust/repository/reviews.ts';
import { createReportsRepository, type ReportsRepository } from '../domains/trust/repository/reports.ts';
import { createAdminRepository, type AdminRepository } from '../domains/trust/repository/admin.ts';
import { createSearchRepository, type SearchRepository } from '../domains/search/repository.ts';
import { createSuspiciousActivityRepository, type SuspiciousActivityRepository } from '../domains/trust/repository/suspicious-activity.ts';
import {
  createLoginFailuresRepository,
  createSessionsRepository,
  type LoginFailuresRepository,
  type SessionsRepository,
} from '../domains/accounts/repository/sessions.ts';
import { createUsersRepository, type UsersRepository } from '../domains/accounts/repository/users.ts';
import { createVendorsRepository, type VendorsRepository } from '../domains/businesses/repository/vendors.ts';
import { createVisitsRepository, type VisitsRepository } from '../domains/insights/repository/visits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    users: UsersRepository;
    categories: CategoriesRepository;
    vendors: VendorsRepository;
    offers: OffersRepository;
    nearby: NearbyRepository;
    favorites: FavoritesRepository;
    insights: InsightsRepository;
    offerEvents: OfferEventsRepository;
    offerSearch: SearchRepository;
    visits: VisitsRepository;
    receipts: ReceiptsRepository;
    reviews: ReviewsRepository;
    notifications: NotificationsRepository;
    sessions: SessionsRepository;
    loginFailures: LoginFailuresRepository;
    claims: ClaimsRepository;
    /** The counters every replica shares, for limits counted by hand (wrong codes at the till). */
    rateLimitCounters: RateLimitCountersRepository;
    /** Reports of offers, businesses and reviews, and the admin's decisions on them (issue 14). */
    reports: ReportsRepository;
    /** The console's action log, receipt disputes and figures (issue 14). */
    adminConsole: AdminRepository;
    /** Bursts of new or same-network accounts at one shop, and the admin's decisions on them (issue 24). */
    suspiciousActivity: SuspiciousActivityRepository;
  }
}

export default fp(
  async function databasePlugin(app: FastifyInstance, options: { database: Database; closeOnShutdown: boolean }) {
    const { database } = options;
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('users', createUsersRepository(database.db));
    app.decorate('categories', createCategoriesRepository(database.db));
    app.decorate('vendors', createVendorsRepository(database.db));
    app.decorate('offers', createOffersRepository(database.db));
    app.decorate('nearby', createNearbyRepository(database.db));
    app.decorate('favorites', createFavoritesRepository(database.db));
    app.decorate('insights', createInsightsRepository(database.db));
    app.decorate('offerEvents', createOfferEventsRepository(database.db));
    app.decorate('offerSearch', createSearchRepository(database.db));
    app.decorate('visits', createVisitsRepository(database.db));
    app.decorate('receipts', createReceiptsRepository(database.db));
    app.decorate('reviews', createReviewsRepository(database.db));
    app.decorate('notifications', createNotificationsRepository(database.db));
    app.decorate('sessions', createSessionsRepository(database.db));
    app.decorate('loginFailures', createLoginFailuresRepository(database.db));
    app.decorate('claims', createClaimsRepository(database.db));
    app.decorate('rateLimitCounters', createRateLimitCountersRepository(database.db));
    app.decorate('reports', createReportsRepository(database.db));
    app.decorate('adminConsole', createAdminRepository(database.db));
    app.decorate('suspiciousActivity', createSuspiciousActivityRepository(database.db));
    if (options.closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
