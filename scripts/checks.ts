/**
 * `npm run checks`: typecheck, lint and knip at the same time (each is mostly one process: on two cores they took
 * 91 s side by side, 115 s one after another), each one's output printed whole when it ends.
 *
 * Run: npm run checks
 */
import path from 'node:path';
import { runTogether } from './lib/run-together.ts';

await runTogether(
  ['typecheck', 'lint', 'knip'].map((script) => ({ name: `npm run ${script}`, args: ['run', script] })),
  path.resolve(import.meta.dirname, '..'),
);
