import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testClaim } from '../testing/claims.ts';
import { savedClaims, saveClaims } from './claims-storage.ts';
import { clearPersonalStores } from './personal-data.ts';
import { forgetSignedInUser } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { STORAGE_KEYS } from './shopper-location.ts';

/** A Cache Storage stand-in (jsdom has none): names and deletions. */
function fakeCaches(names: string[]) {
  const held = new Set(names);
  const storage = {
    keys: vi.fn(async () => [...held]),
    delete: vi.fn(async (name: string) => held.delete(name)),
  };
  vi.stubGlobal('caches', storage);
  return held;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('clearPersonalStores', () => {
  it('forgets the shopper’s places and the session storage, keeps the preferences', async () => {
    const point = JSON.stringify({ latitude: 35.9, longitude: 14.5 });
    localStorage.setItem(STORAGE_KEYS.current, point);
    localStorage.setItem(STORAGE_KEYS.lastFetch, point);
    localStorage.setItem(STORAGE_KEYS.chosenPlace, JSON.stringify({ name: 'Valletta', latitude: 35.9, longitude: 14.5 }));
    localStorage.setItem('qrib.darkMode', 'true');
    localStorage.setItem('qrib.earlyHome', 'shop');
    sessionStorage.setItem('qrib.something', 'x');
    await clearPersonalStores();
    expect(Object.values(STORAGE_KEYS).map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
    expect(localStorage.getItem('qrib.earlyHome')).toBeNull();
    expect(localStorage.getItem('qrib.darkMode')).toBe('true');
    expect(sessionStorage.length).toBe(0);
  });

  it('forgets every user’s codes kept for the till without network (issue 13)', async () => {
    vi.stubGlobal('caches', undefined);
    saveClaims(1, [testClaim()]);
    saveClaims(2, [testClaim({ claimId: 42 })]);
    localStorage.setItem('qrib.darkMode', 'true');
    await clearPersonalStores();
    expect([savedClaims(1), savedClaims(2)]).toEqual([[], []]);
    expect(localStorage.length).toBe(1);
  });

  it('deletes every runtime cache (API answers, pictures) and keeps only the precached app shell', async () => {
    const held = fakeCaches(['qrib-api', 'qrib-uploads', 'workbox-precache-v2-http://localhost/', 'something-else']);
    await clearPersonalStores();
    expect([...held]).toEqual(['workbox-precache-v2-http://localhost/']);
  });

  it('works where there is no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    localStorage.setItem(STORAGE_KEYS.current, '{}');
    await clearPersonalStores();
    expect(localStorage.getItem(STORAGE_KEYS.current)).toBeNull();
  });
});

describe('forgetSignedInUser', () => {
  it('empties the query cache but for "nobody is signed in", and the caches', async () => {
    const held = fakeCaches(['qrib-api']);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.auth.me(), { id: 1 });
    queryClient.setQueryData(queryKeys.favorites(), [{ offerId: 3 }]);
    localStorage.setItem(STORAGE_KEYS.current, '{}');
    await forgetSignedInUser(queryClient);
    const left = queryClient.getQueryCache().getAll();
    expect(left.map((query) => query.queryKey)).toEqual([queryKeys.auth.me()]);
    expect(queryClient.getQueryData(queryKeys.auth.me())).toBeNull();
    expect(held.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.current)).toBeNull();
  });
});
