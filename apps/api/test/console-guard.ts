// A test fails when it writes to console.error or console.warn (a pool or listener error, a warning from a library):
// such output is a bug nobody reads. A test that provokes one on purpose spies on the method itself
// (vi.spyOn(console, 'error').mockImplementation(...)) and asserts on it, which replaces this guard.
// A Node process warning (MaxListenersExceededWarning, a deprecation) fails the test too (packages/shared/src/testing).
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { takeProcessWarnings, unwatchProcessWarnings, watchProcessWarnings } from '@qrib/shared/testing/process-warnings';

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

// The S3 client (@aws-sdk/core) announces, once per process, that its releases after January 2027 need Node 22;
// Qrib supports Node 20.19 and up (package.json's engines), so that notice is expected, not a fault of ours.
const isAwsNodeNotice = (warning: Error) => warning.message.startsWith('NodeVersionSupportWarning: The AWS SDK for JavaScript (v3)');

beforeAll(() => {
  watchProcessWarnings(isAwsNodeNotice);
});
afterAll(() => {
  unwatchProcessWarnings();
});
afterEach(() => {
  expect(takeProcessWarnings(), 'the test caused a Node process warning').toEqual([]);
});
