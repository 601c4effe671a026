import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPushDevice } from '../testing/push-device.ts';
import { dismissPushOffer, markPushOfferShown, notePushOfferVisit, PUSH_OFFER_STORAGE_KEY, PUSH_OFFER_VISIT_KEY, requestPushOffer, usePushOfferRequest } from './push-offer.ts';

/** The layout's hook on a page of a later visit (the device was seen on an earlier one). */
function laterVisitPage() {
  notePushOfferVisit();
  sessionStorage.clear();
  return renderHook(() => usePushOfferRequest());
}

describe('when the offer to turn push on is made (lib/push-offer.ts)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is not made on the device’s first visit, but on the next one', async () => {
    stubPushDevice();
    const first = renderHook(() => usePushOfferRequest());
    // Noted once the page is idle, not in the first screen's own tasks.
    expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('first'));
    act(() => requestPushOffer('saved'));
    expect(first.result.current.reason).toBeNull();
    first.unmount();

    sessionStorage.clear();
    const later = renderHook(() => usePushOfferRequest());
    await waitFor(() => expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('later'));
    act(() => requestPushOffer('code'));
    expect(later.result.current.reason).toBe('code');
    // A second moment while it shows keeps the first one's words.
    act(() => requestPushOffer('saved'));
    expect(later.result.current.reason).toBe('code');
    act(() => later.result.current.close());
    expect(later.result.current.reason).toBeNull();
  });

  it('is not made again once shown, nor after Not now', () => {
    stubPushDevice();
    const page = laterVisitPage();
    markPushOfferShown();
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBeNull();

    localStorage.setItem(PUSH_OFFER_STORAGE_KEY, JSON.stringify({ visited: true }));
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBe('saved');
    act(() => page.result.current.close());
    dismissPushOffer();
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBeNull();
    expect(JSON.parse(localStorage.getItem(PUSH_OFFER_STORAGE_KEY) ?? '{}')).toEqual({ visited: true, shown: true, dismissed: true });
  });

  it('is not made where push cannot work or is blocked', () => {
    const page = laterVisitPage();
    // jsdom: no PushManager, no service worker.
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBeNull();
    stubPushDevice({ permission: 'denied' });
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBeNull();
    vi.unstubAllGlobals();
    stubPushDevice({ permission: 'default' });
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBe('saved');
  });

  it('takes a damaged record for none', async () => {
    stubPushDevice();
    localStorage.setItem(PUSH_OFFER_STORAGE_KEY, '{not json');
    const page = renderHook(() => usePushOfferRequest());
    await waitFor(() => expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('first'));
    expect(JSON.parse(localStorage.getItem(PUSH_OFFER_STORAGE_KEY) ?? '{}')).toEqual({ visited: true });
    act(() => requestPushOffer('saved'));
    expect(page.result.current.reason).toBeNull();
  });

  it('notes the visit once the browser is idle, or as the layout goes if that comes first', () => {
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((run: () => void) => {
      idle = run;
      return 7;
    });
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    try {
      const page = renderHook(() => usePushOfferRequest());
      expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
      expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBeNull();
      act(() => idle?.());
      expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('first');
      page.unmount();
      expect(cancelIdleCallback).toHaveBeenCalledWith(7);

      // The layout goes (a logout) before the browser was idle: the visit is noted all the same, once.
      sessionStorage.clear();
      const short = renderHook(() => usePushOfferRequest());
      expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBeNull();
      short.unmount();
      expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('later');
      sessionStorage.clear();
      act(() => idle?.());
      expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('notes the visit itself when a save comes before the page was idle', () => {
    stubPushDevice();
    localStorage.setItem(PUSH_OFFER_STORAGE_KEY, JSON.stringify({ visited: true }));
    const page = renderHook(() => usePushOfferRequest());
    expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBeNull();
    act(() => requestPushOffer('saved'));
    expect(sessionStorage.getItem(PUSH_OFFER_VISIT_KEY)).toBe('later');
    expect(page.result.current.reason).toBe('saved');
  });
});
