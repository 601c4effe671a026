/// <reference types="node" />
/**
 * Node's process warnings during a test (MaxListenersExceededWarning from a listener added per request or per
 * render and never removed, a deprecation, ...) are collected here; the API's and the web app's test setups
 * (apps/api/test/console-guard.ts, apps/web/vitest.setup.ts) fail the test that caused one. One listener per test
 * file, removed when the file ends, so the guard adds no listeners of its own. Test code only: reached through
 * the `@qrib/shared/testing/process-warnings` subpath, never from the package's index.
 */
const seen: string[] = [];
let isExpected: (warning: Error) => boolean = () => false;
const record = (warning: Error) => {
  if (!isExpected(warning)) seen.push(`${warning.name}: ${warning.message}`);
};

/** Starts collecting; `expected` names warnings that are not a fault of ours (each with a comment saying why). */
export function watchProcessWarnings(expected: (warning: Error) => boolean = () => false): void {
  isExpected = expected;
  process.on('warning', record);
}

export function unwatchProcessWarnings(): void {
  process.off('warning', record);
}

/** The warnings since the last call, and forgets them. */
export function takeProcessWarnings(): string[] {
  return seen.splice(0);
}
