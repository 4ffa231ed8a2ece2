// Adds up the Vitest and Playwright JSON reports into one closing line: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, e2ePath] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let missing = 0;
if (vitestPath && existsSync(vitestPath)) {
  const v = JSON.parse(readFileSync(vitestPath, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
} else missing++;
if (e2ePath && existsSync(e2ePath)) {
  const s = JSON.parse(readFileSync(e2ePath, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
} else missing++;
if (missing) console.log(`(${missing} suite report(s) missing: that suite did not run)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
