import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sharedAndOwnModuleProjects } from '../../scripts/vitest-projects.ts';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/console-guard.ts'],
    // The lint rule's test sits beside the rule, at the root; it runs here, where the API's zones are. So do the
    // tests of bench/'s helpers (bench:web's targets), which have no workspace of their own.
    // Files share their worker's modules (the app's graph loaded once a worker, not once a file): 318 s -> 204 s
    // alone on this 2-core machine (issue 26, ADR 021). Each file still has its own database and a fresh app a test;
    // a file that calls vi.mock keeps modules of its own (the second project).
    projects: sharedAndOwnModuleProjects(
      import.meta.dirname,
      ['src/**/*.test.ts', 'test/**/*.test.ts', '../../eslint-rules/**/*.test.js', '../../bench/**/*.test.ts'],
      ['src', 'test'],
    ),
    // Files run in parallel, each in a process of its own (the forks pool) with a database of its own, cloned from
    // the migrated template (test/helpers.ts). Vitest's default, one worker less than the cores, ran them one by one
    // on a 2-core machine. One worker a core: a file keeps a core busy (measured: 1 worker used 1.02 cores), so a
    // third worker on 2 cores only added 7 % CPU and made slow tests slower. `--maxWorkers=1` runs them one by one.
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism()),
    // 60 s, was 30 s: beside other files (and the web suite, in `npm test`) a file has less than a core, and the tests
    // that build a database from scratch (migration and seed tests, four replicas booting at once) or register a page
    // of businesses with their documents (admin-vendors' cursor) took 28-33 s on a loaded 2-core machine. A test that
    // hangs still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
