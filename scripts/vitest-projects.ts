/**
 * How a workspace's Vitest config splits its test files in two projects (issue 26, ADR 021):
 *
 * - `shared-modules`: files run one after another in each worker and share its modules (`isolate: false`), so the
 *   app's module graph is loaded once a worker, not once a file. The setup files still run before every file.
 * - `own-modules`: the files that replace a module with `vi.mock(...)`. A mock only reaches modules imported after
 *   it, and in a shared worker another file may have imported the real one already, so these keep a fresh module
 *   graph each (Vitest's default). Found by reading the files, so a new mocking file needs no list.
 *
 * A test that needs another module fresh without mocking it uses `vi.resetModules()` and dynamic imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

const TEST_FILE = /\.test\.(?:ts|tsx|js)$/;
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

/** The test files under `folders` (relative to `root`) that call vi.mock or vi.doMock, as paths relative to root. */
export function testFilesThatMock(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => TEST_FILE.test(file) && !file.split(path.sep).includes('node_modules'))
        .map((file) => path.join(folder, file)),
    )
    .filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/**
 * The two projects. Each names its own files: with `extends: true` a project's arrays are added to the root
 * config's, so the root config must not set `include` (the mocking project would run every file again).
 */
export function sharedAndOwnModuleProjects(
  root: string,
  include: readonly string[],
  folders: readonly string[],
): TestProjectInlineConfiguration[] {
  const mocking = testFilesThatMock(root, folders);
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'shared-modules', isolate: false, include: [...include], exclude: [...configDefaults.exclude, ...mocking] } },
  ];
  if (mocking.length > 0) projects.push({ extends: true, test: { name: 'own-modules', isolate: true, include: mocking } });
  return projects;
}
