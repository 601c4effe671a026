import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterRedemption } from './redeem-code.ts';

describe('refreshAfterRedemption', () => {
  it('marks the day’s list, the owner’s offers and every period’s insights (the dashboard’s too) stale, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [queryKeys.redemptions('2026-11-24'), queryKeys.offers.mine(), queryKeys.offers.detail(7), queryKeys.insights('week'), queryKeys.insights('month')];
    for (const key of keys) client.setQueryData(key, { data: [] });
    client.setQueryData(queryKeys.notifications(), { data: [] });
    await refreshAfterRedemption(client);
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(queryKeys.notifications())?.isInvalidated).toBe(false);
  });
});
