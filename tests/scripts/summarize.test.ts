/**
 * The test command's closing line (scripts/summarize.mjs), run as the command runs it, on report
 * files this test writes: every suite that did not run is counted as failed and named, and the
 * line "N passed, N failed" stays alone on the last line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '../../scripts/summarize.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Writes the reports (name → JSON value, or raw text) and runs the summarizer on `args`. */
async function summarize(reports: Record<string, unknown>, args: (dir: string) => string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'rg-summary-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(reports)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return new Promise<{ lines: string[]; status: number }>((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args(dir)], (err, stdout) => {
      const status = err ? Number((err as { code?: unknown }).code ?? 1) : 0;
      resolve({ lines: stdout.trimEnd().split('\n'), status });
    });
  });
}

const vitest = (passed: number, failed = 0, failedSuites = 0) => ({ numPassedTests: passed, numFailedTests: failed, numFailedTestSuites: failedSuites, success: failed === 0 });
const playwright = (expected: number, unexpected = 0, errors: unknown[] = []) => ({ stats: { expected, unexpected, flaky: 0, skipped: 0 }, errors, suites: [] });

describe('the closing line of the test command', () => {
  it('adds up suites that all ran', async () => {
    const r = await summarize({ 'u.json': vitest(2500), 'b.json': vitest(99), 'e.json': playwright(149) }, (d) => [
      `unit=${d}/u.json=0`, `browser=${d}/b.json=0`, `e2e=${d}/e.json=0`,
    ]);
    expect(r.lines).toEqual(['2748 passed, 0 failed']);
    expect(r.status).toBe(0);
  });

  it('an e2e run whose web server could not start (errors outside tests) is one failed suite, named', async () => {
    const error = { message: '\u001b[31mError: http://127.0.0.1:4173 is already used, make sure that nothing is running on the port/url or set reuseExistingServer:true in config.webServer.\u001b[39m' };
    const r = await summarize({ 'u.json': vitest(2500), 'b.json': vitest(99), 'e.json': playwright(0, 0, [error]) }, (d) => [
      `unit=${d}/u.json=0`, `browser=${d}/b.json=0`, `e2e=${d}/e.json=1`,
    ]);
    expect(r.lines.at(-1)).toBe('2599 passed, 1 failed');
    expect(r.lines[0]).toBe('e2e: did not run (the runner reported an error outside tests: Error: http://127.0.0.1:4173 is already used, make sure that nothing is running on the port/url or set reuseExistingServer:true in config.webServer.)');
    expect(r.status).toBe(1);
  });

  it('a missing report, an unreadable one and one that counts no test are each a failed suite', async () => {
    const r = await summarize({ 'b.json': '{"numPassedTests": 3, "numFail', 'e.json': playwright(0) }, (d) => [
      `unit=${d}/u.json=1`, `browser=${d}/b.json=1`, `e2e=${d}/e.json=0`,
    ]);
    expect(r.lines).toHaveLength(4);
    expect(r.lines[0]).toMatch(/^unit: did not run \(no report at .*u\.json: the runner crashed or never started\)$/);
    expect(r.lines[1]).toMatch(/^browser: did not run \(its report .*b\.json is unreadable/);
    expect(r.lines[2]).toBe('e2e: did not run (its report counts no test)');
    expect(r.lines[3]).toBe('0 passed, 3 failed');
    expect(r.status).toBe(1);
  });

  it('a runner that failed while its report counts no failure, and test files that could not load (one failure each), are failures', async () => {
    const r = await summarize({ 'u.json': vitest(10, 0, 2), 'b.json': vitest(5) }, (d) => [`unit=${d}/u.json=1`, `browser=${d}/b.json=1`]);
    expect(r.lines).toEqual([
      'unit: did not run (2 test file(s) could not run)',
      'browser: did not run (the runner exited with status 1 while its report counts no failure)',
      '15 passed, 3 failed',
    ]);
    expect(r.status).toBe(1);
  });

  it('failed tests are counted as they are, with no extra line', async () => {
    const r = await summarize({ 'u.json': vitest(10, 2), 'e.json': playwright(7, 1) }, (d) => [`unit=${d}/u.json=1`, `e2e=${d}/e.json=1`]);
    expect(r.lines).toEqual(['17 passed, 3 failed']);
    expect(r.status).toBe(1);
  });
});
