/** The insights domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { VisitsRepository } from './repository/visits.ts';

export function createInsightsPolicies({ visits }: { visits: VisitsRepository }) {
  return {
    /** Only the shopper of a visit answers it. */
    async canAnswerVisit(user: SignedInUser, visitId: number) {
      const visit = await visits.findRow(visitId);
      if (!visit) throw new DomainError('not-found', 'visitNotFound');
      if (visit.userId !== user.id) throw new DomainError('forbidden', 'visitNotYours');
      return visit;
    },
  };
}
