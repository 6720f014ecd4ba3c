#!/usr/bin/env bash
# `npm test`: installs what the tests need that npm does not (Debian's Chromium), then runs
# every test: unit and component (Vitest, all workspaces), API tests against PGlite and
# against PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL), and the browser tests
# (Playwright driving /usr/bin/chromium) with the app on PGlite, then on PostgreSQL.
# Exits non-zero when any test fails.
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

echo "== browser tests (Playwright, Chromium), app on PGlite"
npm run build -w apps/web
npm run test -w e2e

# Again with the app on PostgreSQL (a fresh database on TEST_DATABASE_URL's server). Skipped
# with a warning when PostgreSQL is unreachable, unless REQUIRE_POSTGRES=1 (CI), which fails.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if [[ "${REQUIRE_POSTGRES:-}" == "1" ]] || pg_isready -d "$PG_URL" -q 2>/dev/null; then
  echo "== browser tests (Playwright, Chromium), app on PostgreSQL"
  E2E_DATABASE=postgres npm run test -w e2e
else
  echo "!! PostgreSQL at $PG_URL is unreachable: browser tests on PostgreSQL SKIPPED"
fi
