import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { LANGUAGES } from '@qrib/shared/languages';
import { loadCatalog } from './src/lib/i18n.ts';
import { finishApiStub } from './src/testing/api-stub.ts';
import { takeProcessWarnings, unwatchProcessWarnings, watchProcessWarnings } from '@qrib/shared/testing/process-warnings';

// A test fails when it writes to console.error or console.warn (React's act() and key warnings, a failed request,
// a handler's unhandled error): such output is a bug nobody reads. A test that provokes one on purpose spies on the
// method itself (vi.spyOn(console, 'error').mockImplementation(...)) and asserts on it, which replaces this guard.
const written: string[] = [];
const spies: { mockRestore: () => void }[] = [];
const show = (value: unknown) => (value instanceof Error ? (value.stack ?? value.message) : typeof value === 'string' ? value : JSON.stringify(value));

beforeEach(() => {
  written.length = 0;
  for (const level of ['error', 'warn'] as const) {
    const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(`console.${level}: ${args.map(show).join(' ')}`);
    });
    spies.push(spy);
  }
});

// The real fetch back after each test, and the test fails when it made a request stubApi had no route for.
afterEach(() => {
  finishApiStub();
});

// The app fetches only the reader's catalog (loadCatalog, before its first render); tests switch languages freely,
// so every catalog is loaded once here. src/lib/i18n.test.ts checks the loading itself on a fresh module.
beforeAll(async () => {
  await Promise.all(LANGUAGES.map(({ code }) => loadCatalog(code)));
});

// A Node process warning (MaxListenersExceededWarning, a deprecation) fails the test too.
beforeAll(() => {
  watchProcessWarnings();
});
afterAll(() => {
  unwatchProcessWarnings();
});
afterEach(() => {
  expect(takeProcessWarnings(), 'the test caused a Node process warning').toEqual([]);
});

afterEach(() => {
  cleanup();
  // Only these two: a spy a test file set up in beforeAll stays.
  for (const spy of spies.splice(0)) spy.mockRestore();
  expect(written, 'the test wrote to console.error or console.warn').toEqual([]);
});
