/**
 * bench:web's targets (issue 27) and how a screen's runs are judged against them: the median of each figure over the
 * runs, compared with its target and printed as met or not met. Pure, so bench/lib/web-targets.test.ts can check it.
 */

/** A request as Lighthouse's network-requests audit lists it (times in ms from the first request). */
export interface NetworkRequest {
  url: string;
  resourceType?: string;
  rendererStartTime?: number;
}

/**
 * When the page's load event came, on the network-requests audit's clock: the metrics audit gives it from the
 * navigation's start (both starts in microseconds). Infinity when unknown, so every request counts as first load.
 */
export function loadEventTime(observedLoadMs: number | undefined, navigationStartTs: number | undefined, networkStartTs: number | undefined): number {
  if (observedLoadMs === undefined || navigationStartTs === undefined || networkStartTs === undefined) return Number.POSITIVE_INFINITY;
  return observedLoadMs + (navigationStartTs - networkStartTs) / 1000;
}

/** The requests the page made before its load event (the first load) and after it. */
export function splitAtLoad<Request extends NetworkRequest>(requests: Request[], loadAt: number): { beforeLoad: Request[]; afterLoad: Request[] } {
  const isBefore = (request: Request) => request.rendererStartTime === undefined || request.rendererStartTime <= loadAt;
  return { beforeLoad: requests.filter(isBefore), afterLoad: requests.filter((request) => !isBefore(request)) };
}

/** One Lighthouse run of a screen, with the host's CPU speed as Lighthouse measured it at the start of that run. */
export interface RunScores {
  performance: number;
  accessibility: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
}

type Metric = 'performance' | 'accessibility' | 'lcp' | 'tbt' | 'firstLoadBrotli';

/** A figure's target: at least (scores) or at most (times, bytes) a value. */
export interface Goal {
  metric: Metric;
  at: 'least' | 'most';
  value: number;
}

export interface GoalResult {
  goal: Goal;
  measured: number;
  met: boolean;
  text: string;
}

/** The middle value (the upper one of the two middles for an even count); NaN for none. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describe(metric: Metric, value: number): string {
  if (metric === 'lcp') return `LCP ${(value / 1000).toFixed(2)} s`;
  if (metric === 'tbt') return `TBT ${Math.round(value)} ms`;
  if (metric === 'firstLoadBrotli') return `first-load JS + CSS ${kb(value)} brotli`;
  return `${metric} ${value.toFixed(2)}`;
}

function targetText(metric: Metric, value: number): string {
  if (metric === 'lcp') return `${(value / 1000).toFixed(1)} s`;
  if (metric === 'tbt') return `${value} ms`;
  if (metric === 'firstLoadBrotli') return `${value / 1024} KB`;
  return value.toFixed(2);
}

/**
 * Each goal against the median of the runs (the first-load size is one figure, the same every run). A figure that
 * could not be measured (NaN) is not met.
 */
export function judgeGoals(goals: Goal[], runs: RunScores[], firstLoadBrotli: number): GoalResult[] {
  return goals.map((goal) => {
    const { metric } = goal;
    const measured = metric === 'firstLoadBrotli' ? firstLoadBrotli : median(runs.map((run) => run[metric]));
    const met = goal.at === 'least' ? measured >= goal.value : measured <= goal.value;
    const sign = goal.at === 'least' ? '≥' : '≤';
    return { goal, measured, met, text: `${describe(goal.metric, measured)} (target ${sign} ${targetText(goal.metric, goal.value)}): ${met ? 'met' : 'not met'}` };
  });
}

/** One run's line, the host's benchmark index beside it. */
export function runLine(index: number, run: RunScores): string {
  return (
    `run ${index + 1}: performance ${run.performance.toFixed(2)}, accessibility ${run.accessibility.toFixed(2)}; ` +
    `FCP ${(run.fcp / 1000).toFixed(2)} s, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}; ` +
    `host benchmarkIndex ${Math.round(run.benchmarkIndex)}`
  );
}
