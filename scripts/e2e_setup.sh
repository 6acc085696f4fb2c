#!/usr/bin/env bash
# Install what the browser tests (tests/e2e, marked e2e) need; idempotent, no downloads of
# browsers by Playwright (Debian's chromium is used):
#   apt chromium, pip playwright + pytest-playwright, npm ci (pyodide + micropython for the
#   build, @pyscript/core for the benchmark's bare page).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
python3 -c "import playwright, pytest_playwright" 2>/dev/null \
  || python3 -m pip install -q "playwright==1.65.2" "pytest-playwright==0.10.0"
# npm ci again whenever package-lock.json changed since node_modules was installed (a stamp
# of the lock it was installed from), not only when node_modules is missing
if ! cmp -s package-lock.json node_modules/.installed-from-package-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.installed-from-package-lock.json
fi
