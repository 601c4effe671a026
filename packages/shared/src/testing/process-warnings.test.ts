/// <reference types="node" />
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeProcessWarnings, unwatchProcessWarnings, watchProcessWarnings } from './process-warnings.ts';

// Named so the line Node still prints to stderr says it was on purpose.
class DeliberateLeakForTheGuardTest extends EventEmitter {}

beforeAll(() => {
  watchProcessWarnings((warning) => warning.name === 'ExpectedWarningForTheGuardTest');
});
afterAll(() => {
  unwatchProcessWarnings();
});

describe('the process warning guard', () => {
  it('records a listener added once too often, which the API and web test setups turn into a failure', async () => {
    const emitter = new DeliberateLeakForTheGuardTest();
    for (let count = 0; count <= emitter.getMaxListeners(); count += 1) emitter.on('close', () => undefined);
    let warnings: string[] = [];
    await vi.waitFor(() => {
      warnings = takeProcessWarnings();
      expect(warnings).not.toEqual([]);
    });
    expect(warnings).toEqual([expect.stringMatching(/^MaxListenersExceededWarning: Possible EventEmitter memory leak detected\. 11 close listeners added to \[DeliberateLeakForTheGuardTest\]/)]);
    emitter.removeAllListeners();
  });

  it('records any other process warning, but not one named expected', async () => {
    process.emitWarning('not ours', 'ExpectedWarningForTheGuardTest');
    process.emitWarning('provoked on purpose', 'DeliberateWarningForTheGuardTest');
    await vi.waitFor(() => {
      expect(takeProcessWarnings()).toEqual(['DeliberateWarningForTheGuardTest: provoked on purpose']);
    });
  });
});
