/** bench:web's judging of its targets (runs with the API's tests, like the lint rule's test beside its rule). */
import { describe, expect, it } from 'vitest';
import { firstScreenTime, judgeGoals, median, runLine, splitAtFirstScreen, type RunScores } from './web-targets.ts';

const run = (overrides: Partial<RunScores>): RunScores => ({ performance: 0.96, accessibility: 1, fcp: 900, lcp: 1800, tbt: 120, cls: 0, benchmarkIndex: 1500, ...overrides });

describe('bench:web targets', () => {
  it('takes the middle of the runs', () => {
    expect(median([3, 1, 2, 5, 4])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('judges each target on the median, at least or at most, and prints met or not met', () => {
    const runs = [run({ lcp: 1900, performance: 0.97 }), run({ lcp: 2500, performance: 0.9 }), run({ lcp: 2100, performance: 0.95 })];
    const results = judgeGoals(
      [
        { metric: 'lcp', at: 'most', value: 2000 },
        { metric: 'performance', at: 'least', value: 0.95 },
        { metric: 'firstLoadBrotli', at: 'most', value: 150 * 1024 },
      ],
      runs,
      149.9 * 1024,
    );
    expect(results.map((result) => [result.measured, result.met])).toEqual([
      [2100, false],
      [0.95, true],
      [149.9 * 1024, true],
    ]);
    expect(results.map((result) => result.text)).toEqual([
      'LCP 2.10 s (target ≤ 2.0 s): not met',
      'performance 0.95 (target ≥ 0.95): met',
      'first-load JS + CSS 149.9 KB brotli (target ≤ 150 KB): met',
    ]);
  });

  it('counts a figure it could not measure as not met', () => {
    expect(judgeGoals([{ metric: 'tbt', at: 'most', value: 200 }], [run({ tbt: Number.NaN })], 0)[0]?.met).toBe(false);
  });

  it("prints the host's benchmark index beside each run", () => {
    expect(runLine(0, run({ benchmarkIndex: 812.4 }))).toMatch(/^run 1: .*host benchmarkIndex 812$/);
  });

  it('splits the code asked for until the first screen was drawn from what came after it', () => {
    // The navigation started 5 ms after the first request; the largest paint 1,200 ms after the navigation's start.
    const drawnAt = firstScreenTime(1200, 1_000_005_000, 1_000_000_000);
    expect(drawnAt).toBe(1205);
    const requests = [{ url: 'a.js', rendererStartTime: 10 }, { url: 'b.js', rendererStartTime: 1205 }, { url: 'banner.js', rendererStartTime: 1800 }, { url: 'c.css' }];
    const { firstLoad, later } = splitAtFirstScreen(requests, drawnAt);
    expect(firstLoad.map((request) => request.url)).toEqual(['a.js', 'b.js', 'c.css']);
    expect(later.map((request) => request.url)).toEqual(['banner.js']);
    expect(splitAtFirstScreen(requests, firstScreenTime(undefined, 1, 1)).later).toEqual([]);
  });
});
