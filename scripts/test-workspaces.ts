/**
 * `npm test`: every workspace's `npm test` at the same time (npm's own `--workspaces` runs them one after another),
 * each one's output printed whole when it ends (scripts/lib/run-together.ts). Arguments after `--` go to every
 * workspace's run.
 *
 * Run: npm test   (npm test -- --reporter=dot)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runTogether } from './lib/run-together.ts';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
const extraArgs = process.argv.slice(2);

console.log(`Running npm test in ${workspaces.join(', ')} at the same time; each one's output follows when it ends.\n`);
await runTogether(
  workspaces.map((workspace) => ({
    name: `${workspace}: npm test`,
    args: ['run', 'test', '--if-present', '--workspace', workspace, ...(extraArgs.length ? ['--', ...extraArgs] : [])],
  })),
  root,
);
