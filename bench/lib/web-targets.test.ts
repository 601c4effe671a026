/** bench:web's judging of its targets. Run: node --import tsx --test bench/lib/web-targets.test.ts */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeGoals, loadEventTime, median, runLine, splitAtLoad, type RunScores } from './web-targets.ts';

const run = (overrides: Partial<RunScores>): RunScores => ({ performance: 0.96, accessibility: 1, fcp: 900, lcp: 1800, tbt: 120, cls: 0, benchmarkIndex: 1500, ...overrides });

void describe('bench:web targets', () => {
  void it('takes the middle of the runs', () => {
    assert.equal(median([3, 1, 2, 5, 4]), 3);
    assert.equal(median([4, 1, 3, 2]), 3);
    assert.ok(Number.isNaN(median([])));
  });

  void it('judges each target on the median, at least or at most, and prints met or not met', () => {
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
    assert.deepEqual(
      results.map((result) => [result.measured, result.met]),
      [
        [2100, false],
        [0.95, true],
        [149.9 * 1024, true],
      ],
    );
    assert.equal(results[0]?.text, 'LCP 2.10 s (target ≤ 2.0 s): not met');
    assert.equal(results[1]?.text, 'performance 0.95 (target ≥ 0.95): met');
    assert.equal(results[2]?.text, 'first-load JS + CSS 149.9 KB brotli (target ≤ 150 KB): met');
  });

  void it('counts a figure it could not measure as not met', () => {
    assert.equal(judgeGoals([{ metric: 'tbt', at: 'most', value: 200 }], [run({ tbt: Number.NaN })], 0)[0]?.met, false);
  });

  void it("prints the host's benchmark index beside each run", () => {
    assert.match(runLine(0, run({ benchmarkIndex: 812.4 })), /^run 1: .*host benchmarkIndex 812$/);
  });

  void it('splits the code asked for before the load event from what came after it', () => {
    // The navigation started 5 ms after the first request; the load event 1,200 ms after the navigation's start.
    const loadAt = loadEventTime(1200, 1_000_005_000, 1_000_000_000);
    assert.equal(loadAt, 1205);
    const requests = [{ url: 'a.js', rendererStartTime: 10 }, { url: 'b.js', rendererStartTime: 1205 }, { url: 'banner.js', rendererStartTime: 1800 }, { url: 'c.css' }];
    const { beforeLoad, afterLoad } = splitAtLoad(requests, loadAt);
    assert.deepEqual(beforeLoad.map((request) => request.url), ['a.js', 'b.js', 'c.css']);
    assert.deepEqual(afterLoad.map((request) => request.url), ['banner.js']);
    assert.equal(splitAtLoad(requests, loadEventTime(undefined, 1, 1)).afterLoad.length, 0);
  });
});
