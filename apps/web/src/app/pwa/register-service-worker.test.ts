import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerEventQueue } from '../../lib/offer-events.ts';
import { activateWaitingWorker } from './register-service-worker.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Reload of a waiting version', () => {
  it('sends the waiting impressions first, then asks the worker to skip waiting, and reloads once it takes over', () => {
    const steps: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      steps.push(`fetch ${String(url)}`);
      return new Response(null, { status: 202 });
    });
    const worker = { postMessage: vi.fn((message: unknown) => steps.push(`post ${JSON.stringify(message)}`)) } as unknown as ServiceWorker;
    const container = new EventTarget() as ServiceWorkerContainer;
    const reload = vi.fn();
    offerEventQueue.add({ offerId: 7, kind: 'IMPRESSION' });

    activateWaitingWorker(worker, container, reload);
    expect(steps).toEqual(['fetch /api/v1/events', 'post {"type":"SKIP_WAITING"}']);
    expect(offerEventQueue.size).toBe(0);
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
