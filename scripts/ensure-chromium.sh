#!/usr/bin/env bash
# Makes sure a Chromium for the e2e tests exists. Playwright never downloads a browser here:
# it drives Debian's chromium (or whatever CHROMIUM_PATH names).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "No Chromium at $bin and no apt-get to install one. Install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Installing Chromium needs root. Run as root, or install chromium and set CHROMIUM_PATH." >&2
    exit 1
  fi
fi
echo "Installing Debian's chromium for the e2e tests..."
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
[ -x "$bin" ] || { echo "chromium installed but $bin is missing" >&2; exit 1; }
