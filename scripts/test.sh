#!/usr/bin/env bash
# `npm test`: installs what the tests need that npm does not (Debian's Chromium), then runs
# every test: unit and component (Vitest, all workspaces), API tests against PGlite and
# against PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL), and the browser tests
# (Playwright driving /usr/bin/chromium). Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -d node_modules ]]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci
fi

if [[ ! -x /usr/bin/chromium ]]; then
  echo "== installing Chromium from Debian (browser tests need it)"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "== unit, component and API tests (Vitest)"
npx vitest run

echo "== browser tests (Playwright, Chromium)"
npm run build -w apps/web
npm run test -w e2e
