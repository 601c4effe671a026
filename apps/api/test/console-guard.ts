// A test fails when it writes to console.error or console.warn (a pool or listener error, a warning from a library):
// such output is a bug nobody reads. A test that provokes one on purpose spies on the method itself
// (vi.spyOn(console, 'error').mockImplementation(...)) and asserts on it, which replaces this guard.
// A Node process warning (MaxListenersExceededWarning, a deprecation) fails the test too; see process-warnings.ts.
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { takeProcessWarnings, unwatchProcessWarnings, watchProcessWarnings } from './process-warnings.ts';

const written: string[] = [];
const spies: { mockRestore: () => void }[] = [];

beforeEach(() => {
  written.length = 0;
  for (const level of ['error', 'warn'] as const) {
    const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(`console.${level}: ${format(...args)}`);
    });
    spies.push(spy);
  }
});

afterEach(() => {
  // Only these two: a spy a test file set up in beforeAll stays.
  for (const spy of spies.splice(0)) spy.mockRestore();
  expect(written, 'the test wrote to console.error or console.warn').toEqual([]);
});

beforeAll(() => {
  watchProcessWarnings();
});
afterAll(() => {
  unwatchProcessWarnings();
});
afterEach(() => {
  expect(takeProcessWarnings(), 'the test caused a Node process warning').toEqual([]);
});
