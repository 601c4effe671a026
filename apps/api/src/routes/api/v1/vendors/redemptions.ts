/**
 * Redemption at the till (issue 13): POST /api/v1/vendors/me/redemptions redeems a code once, GET lists a Malta
 * day's redemptions, DELETE undoes one within REDEMPTION_UNDO_MINUTES. The shop's people whose role may redeem
 * (issue 28 §4): a cashier lists only today and undoes only their own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REDEMPTION_UNDO_MINUTES, REDEMPTION_WAIT_SECONDS, type Redemption, apiErrorSchema, roleCan, claimIdParamsSchema, maltaDayEnd, maltaMidnight, maltaToday, rewardIdParamsSchema, redeemRequestSchema, redemptionResponseSchema, redemptionsQuerySchema, redemptionsResponseSchema } from '@qrib/shared';
import { createSerialWait, redeemCode, UNDO_MS, undoRedemption } from '../../../../domains/claims/index.ts';
import { createBurstCheck } from '../../../../domains/trust/index.ts';
import { DomainError } from '../../../../kernel/domain-error.ts';

const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const waitTurn = createSerialWait(REDEMPTION_WAIT_SECONDS * 1000);
  app.post(
    '/me/redemptions',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'Redeem a shopper’s code at the till, once (upper case; spaces and hyphens are ignored): an offer’s code, or a stamp card’s reward (kind REWARD; 409 rewardExpired, rewardRevoked). 404 for a code the shop never issued (past 20 different wrong codes in 10 minutes, the staff session’s codes are answered 2 s apart, genuine ones included, never refused); 409 already redeemed (params.redeemedAt), offer paused, ended, not started or sold out',
        body: redeemRequestSchema,
        response: { 200: redemptionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'redeem')).business;
      const deps = { claims: app.claims, rewards: app.stampCards, counters: app.rateLimitCounters, waitTurn, checkForBursts: createBurstCheck(app.suspiciousActivity, request.log) };
      return { data: await redeemCode(deps, vendor.id, request.user, request.body.code) };
    },
  );

  app.get(
    '/me/redemptions',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'The shop’s redemptions of one day in Malta (?date=YYYY-MM-DD, today by default), newest first',
        querystring: redemptionsQuerySchema,
        response: { 200: redemptionsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { business, role } = await app.policies.requireBusinessPermission(request.user, 'redeem');
      const day = request.query.date ?? maltaToday();
      // A cashier's list is today's (issue 28 §4); the owner and managers read any day.
      if (!roleCan(role, 'redemptions.undo') && day !== maltaToday()) throw new DomainError('forbidden', 'redemptionsTodayOnly');
      const [codes, rewards] = await Promise.all([
        app.claims.listRedemptions(business.id, day, UNDO_MS),
        app.stampCards.listRewardRedemptions(business.id, maltaMidnight(day), maltaDayEnd(day)),
      ]);
      // Issue 29 §2: the day's stamp-card rewards among the codes, newest first.
      const rewardRedemptions: Redemption[] = rewards.map((row) => {
        const redeemedAt = new Date(row.redeemed_at);
        return {
          claimId: 0,
          code: row.code,
          offerId: 0,
          offerTitle: row.reward_text,
          redeemedAt: redeemedAt.toISOString(),
          undoUntil: new Date(redeemedAt.getTime() + UNDO_MS).toISOString(),
          remaining: null,
          redeemedByUserId: row.redeemed_by_user_id,
          redeemedByName: row.redeemed_by_name,
          kind: 'REWARD',
          rewardId: row.id,
          rewardText: row.reward_text,
        };
      });
      return { data: [...codes, ...rewardRedemptions].sort((a, b) => b.redeemedAt.localeCompare(a.redeemedAt)) };
    },
  );

  app.delete(
    '/me/redemptions/:claimId',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'Undo a redemption within 10 minutes (a mistake at the till): the code is usable again and the unit goes back to the offer; 409 after',
        params: claimIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { business, role } = await app.policies.requireBusinessPermission(request.user, 'redeem');
      // Without `redemptions.undo` (a cashier), only their own redemptions, within the same minutes.
      await undoRedemption(app.claims, business.id, request.params.claimId, roleCan(role, 'redemptions.undo') ? null : request.user.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/reward-redemptions/:rewardId',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'Undo a stamp-card reward’s redemption within 10 minutes (a mistake at the till): the reward is usable again; 409 after',
        params: rewardIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { business, role } = await app.policies.requireBusinessPermission(request.user, 'redeem');
      const result = await app.stampCards.undoReward(business.id, request.params.rewardId, UNDO_MS, roleCan(role, 'redemptions.undo') ? null : request.user.id);
      if (result === 'not-found') throw new DomainError('not-found', 'redemptionNotFound');
      if (result === 'not-yours') throw new DomainError('forbidden', 'redemptionNotYours');
      if (result === 'too-late') throw new DomainError('conflict', 'redemptionUndoExpired', { minutes: REDEMPTION_UNDO_MINUTES });
      return reply.code(204).send(null);
    },
  );
};

export default redemptionRoutes;
