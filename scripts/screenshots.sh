#!/usr/bin/env bash
# Regenerates docs/screenshots: every view at 1280×720 and 1440×900, taken by the e2e test that
# also checks them (e2e/views-screens.spec.ts: essentials on screen, no serious axe violation).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export E2E_PORT="${E2E_PORT:-$(node scripts/free-port.mjs)}"
mkdir -p docs/screenshots
bash scripts/ensure-chromium.sh
SCREENSHOTS_DIR="$PWD/docs/screenshots" npx playwright test e2e/views-screens.spec.ts --reporter=line
ls docs/screenshots
