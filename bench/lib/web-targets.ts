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
 * When the first screen was drawn (the observed largest contentful paint), on the network-requests audit's clock: the
 * metrics audit gives it from the navigation's start (both starts in microseconds). The SPA's load event is no mark:
 * it comes before the route's own code is even asked for. Infinity when unknown, so every request counts.
 */
export function firstScreenTime(observedLcpMs: number | undefined, navigationStartTs: number | undefined, networkStartTs: number | undefined): number {
  if (observedLcpMs === undefined || navigationStartTs === undefined || networkStartTs === undefined) return Number.POSITIVE_INFINITY;
  return observedLcpMs + (navigationStartTs - networkStartTs) / 1000;
}

/** The requests the page made until its first screen was drawn (the first load) and after it. */
export function splitAtFirstScreen<Request extends NetworkRequest>(requests: Request[], drawnAt: number): { firstLoad: Request[]; later: Request[] } {
  const isFirst = (request: Request) => request.rendererStartTime === undefined || request.rendererStartTime <= drawnAt;
  return { firstLoad: requests.filter(isFirst), later: requests.filter((request) => !isFirst(request)) };
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
