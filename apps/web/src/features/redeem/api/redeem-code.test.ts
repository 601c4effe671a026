import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
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

  it('a first fetch of the day’s list asked before the redemption is not what the list ends with', async () => {
    const client = new QueryClient();
    const key = queryKeys.redemptions('2026-11-24');
    const answers = ['before', 'after'];
    const releases: Array<() => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async ({ signal }) => {
        const answer = answers.shift();
        await new Promise<void>((resolve, reject) => {
          releases.push(resolve);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        });
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(releases).toHaveLength(1); // the list's first fetch, still under way (no data yet)
    const refreshed = refreshAfterRedemption(client);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    for (const release of releases) release();
    await refreshed;
    expect(client.getQueryData(key)).toBe('after');
    unsubscribe();
  });
});
