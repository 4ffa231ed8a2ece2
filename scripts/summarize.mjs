// Adds up the Vitest and Playwright JSON reports of the test command into one closing line,
// "N passed, N failed", alone on the last line. Each argument is `label=path` or
// `label=path=exitCode` (the runner's exit status); a bare path is labelled by its file name.
//
// A suite that could not run is a failure, counted and named on a line of its own before the
// closing line ("e2e: did not run (…)"): its report is missing or unreadable (the runner crashed
// or never started), it counts no test at all, its runner reported errors outside tests
// (Playwright's `errors`, e.g. a web server that could not start), or its runner exited with a
// failure while the report counts none. A Vitest report has numPassedTests; a Playwright report
// has stats.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * What one report says: passed and failed tests, and why the suite did not run properly (or null);
 * `counted` when that problem is already in `failed`.
 */
function readSuite(path, exitCode) {
  if (!existsSync(path)) return { passed: 0, failed: 0, problem: `no report at ${path}: the runner crashed or never started` };
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return { passed: 0, failed: 0, problem: `its report ${path} is unreadable (${err instanceof Error ? err.message : String(err)})` };
  }
  let passed = 0;
  let failed = 0;
  let problem = null;
  if (report && typeof report === 'object' && report.stats && typeof report.stats === 'object') {
    passed = num(report.stats.expected) + num(report.stats.flaky);
    failed = num(report.stats.unexpected);
    const errors = Array.isArray(report.errors) ? report.errors : [];
    if (errors.length) problem = `the runner reported ${errors.length === 1 ? 'an error' : `${errors.length} errors`} outside tests: ${firstLine(errors[0])}`;
  } else if (report && typeof report === 'object' && typeof report.numPassedTests === 'number') {
    passed = num(report.numPassedTests);
    failed = num(report.numFailedTests);
    // A test file that fails to load has no failed tests but must not pass silently: each counts as one failure.
    if (failed === 0 && num(report.numFailedTestSuites) > 0) {
      failed = num(report.numFailedTestSuites);
      return { passed, failed, problem: `${failed} test file(s) could not run`, counted: true };
    }
  } else {
    return { passed: 0, failed: 0, problem: `its report ${path} is neither a Vitest nor a Playwright JSON report` };
  }
  if (!problem && passed + failed === 0) problem = 'its report counts no test';
  if (!problem && failed === 0 && exitCode !== undefined && exitCode !== 0) problem = `the runner exited with status ${exitCode} while its report counts no failure`;
  return { passed, failed, problem };
}

/** The lines to print for these suites (the closing line last) and the exit status. */
function summarize(suites) {
  let passed = 0;
  let failed = 0;
  const lines = [];
  for (const { label, path, exitCode } of suites) {
    const suite = readSuite(path, exitCode);
    passed += suite.passed;
    failed += suite.failed;
    if (suite.problem) {
      if (!suite.counted) failed += 1;
      lines.push(`${label}: did not run (${suite.problem})`);
    }
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return { lines, status: failed > 0 ? 1 : 0 };
}

/** `label=path[=exitCode]`, or a bare path. */
function parseArg(arg) {
  const parts = arg.split('=');
  if (parts.length === 1) return { label: basename(arg).replace(/\.json$/, ''), path: arg };
  const exit = parts.length > 2 ? Number(parts[2]) : undefined;
  return { label: parts[0], path: parts[1], ...(exit !== undefined && Number.isFinite(exit) ? { exitCode: exit } : {}) };
}

const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);

function firstLine(error) {
  const text = error && typeof error === 'object' && typeof error.message === 'string' ? error.message : JSON.stringify(error);
  // Playwright's messages carry terminal colours.
  return String(text).replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.trim().slice(0, 200) ?? 'unknown error';
}

const { lines, status } = summarize(process.argv.slice(2).map(parseArg));
for (const line of lines) console.log(line);
process.exit(status);
