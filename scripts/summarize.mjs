// Adds up the Vitest and Playwright JSON reports given as arguments into one closing line:
// "N passed, N failed". A Vitest report has numPassedTests; a Playwright report has stats.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let missing = 0;
for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) {
    missing++;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A test file that fails to load has no failed tests but must not pass silently.
    if (report.numFailedTests === 0) failed += report.numFailedTestSuites ?? 0;
  }
}
if (missing) console.log(`(${missing} suite report(s) missing: that suite did not run)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
