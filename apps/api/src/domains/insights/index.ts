/** The insights domain (ADR 020): the owner's figures and the visits behind them (`app.insights`, `app.visits`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInsightsRepository, type InsightsRepository } from './repository/insights.ts';
import { createVisitsRepository, type VisitsRepository } from './repository/visits.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { buildInsightsReport } from './insights-report.ts';
export { createInsightsPolicies } from './policies.ts';
export { type InsightsRepository } from './repository/insights.ts';
export { type VisitsRepository } from './repository/visits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsRepository;
    visits: VisitsRepository;
  }
}

export default fp(
  async function insightsDomain(app: FastifyInstance) {
    app.decorate('insights', createInsightsRepository(app.db));
    app.decorate('visits', createVisitsRepository(app.db));
  },
  { name: 'domain-insights', dependencies: ['database'] },
);
