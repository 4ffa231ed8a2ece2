/**
 * The figure a validation file closes with is the suite's whole figure: after the file's tests,
 * its collected tests are counted from Vitest's own task tree (what the reporter counts) and the
 * file fails unless there are exactly `expected` of them and the suite skipped none of them (the
 * suite skips tests for some savers by name, `[because …]`).
 */
import { afterAll, expect } from 'vitest';
import type { RunnerTestFile, RunnerTestSuite, RunnerTask } from 'vitest';

/** Every test (not suite) under `task`. */
function testsUnder(task: RunnerTask): RunnerTask[] {
  return task.type === 'suite' ? task.tasks.flatMap(testsUnder) : [task];
}

/** Registers the check; call once at the top level of a validation file, after `validate()`. */
export function expectSuiteCount(expected: number): void {
  // Vitest reads the first parameter as a fixture list, so it must be a destructuring pattern.
  afterAll(({}, suite) => {
    const tests = testsUnder(suite as RunnerTestFile | RunnerTestSuite);
    expect(tests.length, 'tests the suite registered').toBe(expected);
    expect(tests.filter((t) => t.name.startsWith('[because')).map((t) => t.name), 'tests the suite skips for this saver').toEqual([]);
  });
}
