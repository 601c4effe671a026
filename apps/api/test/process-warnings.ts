/**
 * Node's process warnings during an API test (MaxListenersExceededWarning from a listener added per request and never
 * removed, a deprecation, ...) are collected here; console-guard.ts fails the test that caused one. One listener per
 * test file, removed when the file ends, so the guard adds no listeners of its own. The same guard as the web app's
 * (apps/web/src/testing/process-warnings.ts).
 */
const seen: string[] = [];
// The S3 client (@aws-sdk/core) announces, once per process, that its releases after January 2027 need Node 22;
// Qrib supports Node 20.19 and up (package.json's engines), so that notice is expected, not a fault of ours.
const isExpected = (warning: Error) => warning.message.startsWith('NodeVersionSupportWarning: The AWS SDK for JavaScript (v3)');
const record = (warning: Error) => {
  if (!isExpected(warning)) seen.push(`${warning.name}: ${warning.message}`);
};

export function watchProcessWarnings(): void {
  process.on('warning', record);
}

export function unwatchProcessWarnings(): void {
  process.off('warning', record);
}

/** The warnings since the last call, and forgets them. */
export function takeProcessWarnings(): string[] {
  return seen.splice(0);
}
