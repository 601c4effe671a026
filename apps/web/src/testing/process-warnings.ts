/**
 * Node's process warnings during a web test (MaxListenersExceededWarning from a listener added per render and never
 * removed, a deprecation, ...) are collected here; vitest.setup.ts fails the test that caused one. One listener per
 * test file, removed when the file ends, so the guard adds no listeners of its own.
 */
const seen: string[] = [];
const record = (warning: Error) => {
  seen.push(`${warning.name}: ${warning.message}`);
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
