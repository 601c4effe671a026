import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue } from './offer-events.ts';

afterEach(() => vi.useRealTimers());

describe('the offer event queue', () => {
  it('sends one batch after the delay, and at once when the batch is full', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const queue = createEventQueue({ send, flushAfterMs: 5000, flushAtCount: 3 });
    queue.add({ offerId: 1, kind: 'IMPRESSION' });
    queue.add({ offerId: 2, kind: 'IMPRESSION' });
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenCalledExactlyOnceWith(
      [
        { offerId: 1, kind: 'IMPRESSION' },
        { offerId: 2, kind: 'IMPRESSION' },
      ],
      false,
    );
    queue.add({ offerId: 3, kind: 'IMPRESSION' });
    queue.add({ offerId: 4, kind: 'IMPRESSION' });
    queue.add({ offerId: 5, kind: 'IMPRESSION' });
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.size).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('flushes by beacon when asked, and sends nothing when empty', () => {
    const send = vi.fn();
    const queue = createEventQueue({ send });
    queue.flush(true);
    expect(send).not.toHaveBeenCalled();
    queue.add({ offerId: 9, kind: 'IMPRESSION' });
    queue.flush(true);
    expect(send).toHaveBeenCalledWith([{ offerId: 9, kind: 'IMPRESSION' }], true);
  });

  it('knows its batches on their way: settled() waits for each answer or failure, and follows no beacon', async () => {
    const answers: (() => void)[] = [];
    const failures: ((error: Error) => void)[] = [];
    let beacon = false;
    const send = vi.fn((_events: unknown, viaBeacon: boolean) => {
      if (viaBeacon) {
        beacon = true;
        return undefined;
      }
      return new Promise<void>((resolve, reject) => {
        answers.push(resolve);
        failures.push(reject);
      });
    });
    const queue = createEventQueue({ send });
    await queue.settled();
    queue.add({ offerId: 1, kind: 'IMPRESSION' });
    queue.flush();
    queue.add({ offerId: 2, kind: 'IMPRESSION' });
    queue.flush();
    queue.add({ offerId: 3, kind: 'IMPRESSION' });
    queue.flush(true);
    expect(beacon).toBe(true);
    let settled = false;
    const waiting = queue.settled().then(() => {
      settled = true;
    });
    answers[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    failures[1]?.(new Error('offline'));
    await waiting;
    expect(settled).toBe(true);
  });
});
