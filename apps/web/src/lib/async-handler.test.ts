import { afterEach, describe, expect, it, vi } from 'vitest';
import { asyncHandler } from './async-handler.ts';

describe('asyncHandler', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('passes the event on and returns nothing', async () => {
    const handler = vi.fn(async (_event: string) => 'done');
    const wrapped = asyncHandler(handler);
    expect(wrapped('submit')).toBeUndefined();
    expect(handler).toHaveBeenCalledWith('submit');
    await Promise.resolve();
  });

  it('logs a rejection instead of leaving it unhandled', async () => {
    // Deliberately provoked: the console.error guard of vitest.setup.ts is replaced by this spy.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('boom');
    asyncHandler(async () => {
      throw failure;
    })();
    await vi.waitFor(() => {
      expect(log).toHaveBeenCalledWith('Event handler failed', failure);
    });
  });
});
