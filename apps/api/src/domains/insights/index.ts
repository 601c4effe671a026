/** The insights domain (ADR 020): the owner's figures and the visits behind them (`app.insights`, `app.offerFigures`, `app.visits`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInsightsRepository, type InsightsRepository } from './repository/insights.ts';
import { createOfferFiguresRepository, type OfferFiguresRepository } from './repository/offer-figures.ts';
import { createVisitsRepository, type VisitsRepository } from './repository/visits.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { buildInsightsReport } from './insights-report.ts';
export { streamInsightsExport } from './insights-export.ts';
export { createInsightsPolicies } from './policies.ts';
export { type InsightsRepository } from './repository/insights.ts';
export { type OfferFiguresRepository } from './repository/offer-figures.ts';
export { type VisitsRepository } from './repository/visits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsRepository;
    /** Each offer's figures for a period and per day (issue 28 §5). */
    offerFigures: OfferFiguresRepository;
    visits: VisitsRepository;
  }
}

export default fp(
  async function insightsDomain(app: FastifyInstance) {
    app.decorate('insights', createInsightsRepository(app.db));
    app.decorate('offerFigures', createOfferFiguresRepository(app.db));
    app.decorate('visits', createVisitsRepository(app.db));
  },
  { name: 'domain-insights', dependencies: ['database'] },
);
