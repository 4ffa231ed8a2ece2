#!/usr/bin/env bash
# The one test command: type checking, lint (with architecture boundaries and import cycles),
# unit and conformance tests in Node, the IndexedDB suites in real Chromium (Vitest browser mode),
# then e2e tests in real Chromium. Ends with one line "N passed, N failed" adding up every suite; a
# suite that could not run is counted as failed and named on the line before.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# e2e serves the app on a port free right now, never a fixed one a running `npm start` may hold
# (E2E_PORT chooses one; playwright.config.ts reads it in the runner and in its workers).
export E2E_PORT="${E2E_PORT:-$(node scripts/free-port.mjs)}"
rm -rf reports && mkdir -p reports
status=0
step() { echo; echo "== $1"; }

step "typecheck"; npm run -s typecheck || status=1
step "lint";      npm run -s lint || status=1
step "unit";      npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json; unit=$?
browser=1
e2e=1
if bash scripts/ensure-chromium.sh; then
  step "browser (Vitest in Chromium)"
  npx vitest run -c vitest.browser.config.ts --reporter=default --reporter=json --outputFile=reports/vitest-browser.json; browser=$?
  step "e2e (app served on 127.0.0.1:$E2E_PORT)"
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json npx playwright test --reporter=list,json; e2e=$?
fi
[ "$unit" -eq 0 ] && [ "$browser" -eq 0 ] && [ "$e2e" -eq 0 ] || status=1
echo
node scripts/summarize.mjs "unit=reports/vitest.json=$unit" "browser=reports/vitest-browser.json=$browser" "e2e=reports/e2e.json=$e2e" || status=1
exit $status
