#!/usr/bin/env bash
# The one test command: type checking, lint (with architecture boundaries and import cycles),
# unit and conformance tests in Node, the IndexedDB suites in real Chromium (Vitest browser mode),
# then e2e tests in real Chromium. Ends with one line "N passed, N failed" adding up every suite.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
rm -rf reports && mkdir -p reports
status=0
step() { echo; echo "== $1"; }

step "typecheck"; npm run -s typecheck || status=1
step "lint";      npm run -s lint || status=1
step "unit";      npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json || status=1
if bash scripts/ensure-chromium.sh; then
  step "browser (Vitest in Chromium)"
  npx vitest run -c vitest.browser.config.ts --reporter=default --reporter=json --outputFile=reports/vitest-browser.json || status=1
  step "e2e"
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json npx playwright test --reporter=list,json || status=1
else
  status=1
fi
echo
node scripts/summarize.mjs reports/vitest.json reports/vitest-browser.json reports/e2e.json || status=1
exit $status
