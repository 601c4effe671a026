/**
 * Runs npm commands at the same time. Each one's output is kept and printed whole when it ends, so it reads as if run
 * alone (CI counts Vitest's `Tests  N passed` lines); answers each one's exit code and time.
 */
import { spawn } from 'node:child_process';

export interface Job {
  name: string;
  /** The arguments to `npm`. */
  args: string[];
}

export interface Finished {
  name: string;
  code: number;
  seconds: number;
}

// The children write into a pipe, not the terminal: keep the colours a terminal would have shown.
const env = { ...process.env };
if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = '1';

function run(job: Job, cwd: string): Promise<Finished> {
  const started = performance.now();
  const child = spawn('npm', job.args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`\n--- ${job.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds}s ---\n`);
      resolve({ name: job.name, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the jobs at once in `cwd`, prints a line each at the end, and sets the exit code to the first failure's (or 0). */
export async function runTogether(jobs: readonly Job[], cwd: string): Promise<Finished[]> {
  const results = await Promise.all(jobs.map((job) => run(job, cwd)));
  console.log(results.map((result) => `${result.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds}s`).join('\n'));
  process.exitCode = results.find((result) => result.code !== 0)?.code ?? 0;
  return results;
}
