#!/usr/bin/env bash
# `npm test`: installs what the tests need that npm does not (Debian's Chromium), then runs
# every test: unit and component (Vitest, all workspaces), API tests against PGlite and
# against PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL), and the browser tests
# (Playwright driving /usr/bin/chromium) with the app on PGlite, then on PostgreSQL (the specs
# that touch the database: e2e/playwright.config.ts).
# Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's wall time, printed at the end whatever happened (CI shows only the log's tail).
phase_name="" phase_start=$SECONDS phases=""
phase() {
  [[ -n "$phase_name" ]] && phases+="  $phase_name: $((SECONDS - phase_start)) s"$'\n'
  phase_name="$1" phase_start=$SECONDS
  [[ -n "$1" ]] && echo "== $1"
  return 0
}
trap 'phase ""; printf "== time per phase (s)\n%s" "$phases"' EXIT

if [[ ! -d node_modules ]]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci
fi

if [[ ! -x /usr/bin/chromium ]]; then
  phase "installing Chromium from Debian (browser tests need it)"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

phase "unit, component and API tests (Vitest)"
npx vitest run

phase "web build"
npm run build -w apps/web
phase "browser tests (Playwright, Chromium), app on PGlite"
npm run test -w e2e

# Again with the app on PostgreSQL (a fresh database on TEST_DATABASE_URL's server). Skipped
# with a warning when PostgreSQL is unreachable, unless REQUIRE_POSTGRES=1 (CI), which fails.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if [[ "${REQUIRE_POSTGRES:-}" == "1" ]] || pg_isready -d "$PG_URL" -q 2>/dev/null; then
  phase "browser tests (Playwright, Chromium), app on PostgreSQL"
  E2E_DATABASE=postgres npm run test -w e2e
else
  echo "!! PostgreSQL at $PG_URL is unreachable: browser tests on PostgreSQL SKIPPED"
fi
