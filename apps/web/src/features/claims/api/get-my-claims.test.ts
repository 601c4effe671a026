import { afterEach, describe, expect, it } from 'vitest';
import { savedClaims } from '../../../lib/claims-storage.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { testClaim } from '../../../testing/claims.ts';
import { getMyClaims } from './get-my-claims.ts';

afterEach(() => localStorage.clear());

describe('getMyClaims', () => {
  it('keeps the answer on the device', async () => {
    stubApi({ 'GET /api/v1/me/claims': { body: { data: [testClaim()] } } });
    await getMyClaims(1, new AbortController().signal);
    expect(savedClaims(1).map((claim) => claim.claimId)).toEqual([41]);
  });

  it('keeps nothing when the query was cancelled meanwhile (a logout in between)', async () => {
    const controller = new AbortController();
    stubApi({
      'GET /api/v1/me/claims': () => {
        controller.abort();
        return { body: { data: [testClaim()] } };
      },
    });
    await getMyClaims(1, controller.signal);
    expect(savedClaims(1)).toEqual([]);
  });
});
