import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerEventQueue } from '../../lib/offer-events.ts';
import { activateWaitingWorker } from './register-service-worker.ts';

/** Answers for the requests a test left unanswered: the queue is shared by every test file (ADR 021). */
const unanswered: ((response: Response) => void)[] = [];

afterEach(async () => {
  for (const answer of unanswered.splice(0)) answer(new Response(null, { status: 202 }));
  await offerEventQueue.settled();
  vi.restoreAllMocks();
});

describe('Reload of a waiting version', () => {
  it('sends the waiting impressions first, asks the worker to skip waiting once they have their answer, and reloads once it takes over', async () => {
    const steps: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((url) => {
      steps.push(`fetch ${String(url)}`);
      return new Promise<Response>((resolve) => {
        answer = resolve;
        unanswered.push(resolve);
      });
    });
    const worker = { postMessage: vi.fn((message: unknown) => steps.push(`post ${JSON.stringify(message)}`)) } as unknown as ServiceWorker;
    const container = new EventTarget() as ServiceWorkerContainer;
    const reload = vi.fn();
    offerEventQueue.add({ offerId: 7, kind: 'IMPRESSION' });

    // A minute's limit: the ask comes with the answer, not with the limit.
    const asked = activateWaitingWorker(worker, container, reload, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual(['fetch /api/v1/events']);
    expect(offerEventQueue.size).toBe(0);
    answer(new Response(null, { status: 202 }));
    await asked;
    expect(steps).toEqual(['fetch /api/v1/events', 'post {"type":"SKIP_WAITING"}']);
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('waits for a batch the queue had already sent, and asks after a few seconds when its answer does not come', async () => {
    const steps: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      steps.push('fetch');
      return new Promise<Response>((resolve) => {
        unanswered.push(resolve);
      });
    });
    const worker = { postMessage: vi.fn(() => steps.push('post')) } as unknown as ServiceWorker;
    // Sent by the queue itself a moment before Reload (its timer, or a full batch): nothing is waiting at the tap.
    offerEventQueue.add({ offerId: 8, kind: 'IMPRESSION' });
    offerEventQueue.flush();
    expect(steps).toEqual(['fetch']);

    const asked = activateWaitingWorker(worker, new EventTarget() as ServiceWorkerContainer, vi.fn(), 50);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual(['fetch']);
    await asked;
    expect(steps).toEqual(['fetch', 'post']);
  });
});
