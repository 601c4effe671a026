/**
 * `npm test`: every workspace's `npm test` at the same time (npm's own `--workspaces` runs them one after another).
 * Each one's output is kept and printed whole when it ends, so it reads as if run alone (CI counts its `Tests  N
 * passed` lines); the exit code is the first failure's, or 0. Arguments after `--` go to every workspace's run.
 *
 * Run: npm test   (npm test -- --reporter=dot)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Finished {
  workspace: string;
  code: number;
  seconds: number;
}

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
const extraArgs = process.argv.slice(2);

// The children write into a pipe, not the terminal: keep the colours a terminal would have shown.
const env = { ...process.env };
if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = '1';

function runWorkspaceTests(workspace: string): Promise<Finished> {
  const started = performance.now();
  const args = ['run', 'test', '--if-present', '--workspace', workspace, ...(extraArgs.length ? ['--', ...extraArgs] : [])];
  const child = spawn('npm', args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`\n--- ${workspace}: npm test ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds}s ---\n`);
      resolve({ workspace, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

console.log(`Running npm test in ${workspaces.join(', ')} at the same time; each one's output follows when it ends.\n`);
const results = await Promise.all(workspaces.map(runWorkspaceTests));
const failed = results.filter((result) => result.code !== 0);
console.log(results.map((result) => `${result.workspace}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds}s`).join('\n'));
process.exitCode = failed[0]?.code ?? 0;
